// The sign-in form: Kickout's bearer login, which checks the password with the app's identity store.
import { kickout } from './page.js';

const form = document.getElementById('sign-in-form');
const error = document.getElementById('sign-in-error');

/** Shows the form; `signedIn()` runs once a sign-in went through. */
export function showSignIn(signedIn) {
    document.getElementById('sign-in').hidden = false;
    document.getElementById('username').focus();
    form.addEventListener('submit', async event => {
        event.preventDefault();
        error.textContent = '';
        const button = form.querySelector('button');
        button.disabled = true;
        try {
            await kickout.login(form.username.value.trim(), form.password.value, 'web');
            form.password.value = '';
            document.getElementById('sign-in').hidden = true;
            signedIn();
        } catch (e) {
            error.textContent = e.code === 'BAD_CREDENTIALS' ? 'Wrong user name or password.' : e.message;
        } finally {
            button.disabled = false;
        }
    });
}
