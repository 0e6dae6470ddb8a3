// Every signed-in page (but the edit screen, whose <kickout:editLock> does the same) keeps Kickout's event
// stream open with the container's session cookie: when an administrator signs the user out, or the account signs
// in elsewhere, the page says so at once, with the reason, instead of failing at the next click. Signing in again
// goes to the app's root, where the container shows the login page, which says why too.
import { KickoutClient } from '../kickout/kickout-client.js';

const kickout = new KickoutClient({ credentials: 'cookie', signInUrl: new URL('../', import.meta.url).href });
// The stream's state (connecting, open, down) on the page's root element, for a stylesheet or a test to follow.
kickout.on('connection', ({ state }) => { document.documentElement.dataset.kickoutConnection = state; });
kickout.connect();
