// The page's start: sign in (or go on with the stored session), then the notes, live events and, for admins, the panel.
import { signedOutMessage } from '../kickout/kickout-client.js';
import { showAdmin } from './admin.js';
import { showNotes, stopEditing } from './notes.js';
import { announce, api, kickout } from './page.js';
import { showSignIn } from './signin.js';

const $ = id => document.getElementById(id);
const CONNECTION = { open: 'Live', connecting: 'Connecting…', down: 'Reconnecting…', closed: 'Offline' };

async function start() {
    kickout.connect();
    const me = await api('GET', 'me');
    $('who').textContent = `Signed in as ${me.username}`;
    $('account').hidden = false;
    await showNotes();
    $('notes-heading').focus();
    if (me.admin) {
        await showAdmin(me);
    }
}

kickout.on('connection', ({ state }) => {
    $('connection').dataset.state = state;
    $('connection').textContent = CONNECTION[state];
});

// FORCE_LOGOUT on the event stream, a session that expired, or a 401 from any call: say who ended it and why
kickout.on('signedout', info => {
    stopEditing();
    $('connection').dataset.state = 'closed';
    $('connection').textContent = CONNECTION.closed;
    $('sign-out').disabled = true;
    const why = signedOutMessage(info, kickout.texts);
    announce(why);
    $('signed-out-why').textContent = why;
    $('signed-out-reason').textContent = info.reason ? `Reason: ${info.reason}` : '';
    $('signed-out-at').textContent = info.at ? `At ${new Date(info.at).toLocaleString('en')}.` : '';
    $('signed-out').showModal();
});

$('signed-out-sign-in').addEventListener('click', () => location.reload());
$('signed-out-stay').addEventListener('click', () => $('signed-out').close());
$('sign-out').addEventListener('click', async () => {
    await kickout.logout().catch(() => {});
    location.reload();
});

/** Starts the signed-in page; a 401 on the way is the signed-out dialog's to tell. */
function begin() {
    start().catch(e => e.status === 401 || announce(`The page could not load: ${e.message}`));
}

if (kickout.stored) {
    begin();
} else {
    showSignIn(begin);
}
