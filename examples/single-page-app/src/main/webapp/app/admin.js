// The admin panel: who is signed in and who holds which lock, through Kickout's admin endpoints (role admin).
import { announce, element, kickout, time } from './page.js';

const $ = id => document.getElementById(id);

/** Shows the panel (the signed-in user is an admin). */
export function showAdmin(me) {
    $('admin').hidden = false;
    $('admin-refresh').addEventListener('click', () => refresh(me).catch(failed));
    return refresh(me);
}

/** Reads who is signed in and which locks are held; the panel is aria-busy meanwhile. */
async function refresh(me) {
    $('admin').setAttribute('aria-busy', 'true');
    try {
        const [online, locks] = await Promise.all([kickout.call('GET', 'admin/users/online'),
            kickout.call('GET', 'admin/locks')]);
        $('online').replaceChildren(...online.items.map(user => row(
            [user.username, String(user.sessions), time(user.lastSeen)],
            // Kickout never ends the caller's own session this way: no button for it
            user.username === me.username ? null : action(`Sign out ${user.username}`, () => signOut(user, me)))));
        $('locks').replaceChildren(...locks.items.map(lock => row(
            [lock.id, lock.holder.username, time(lock.acquiredAt)],
            action(`Release ${lock.id}`, () => release(lock, me)))));
        $('locks-none').hidden = locks.items.length > 0;
    } finally {
        $('admin').setAttribute('aria-busy', 'false');
    }
}

async function signOut(user, me) {
    const answer = await kickout.call('POST', `admin/users/${encodeURIComponent(user.userId)}/logout`, { body: reason() });
    announce(`${user.username} was signed out (${answer.kicked} session${answer.kicked === 1 ? '' : 's'}).`);
    await refresh(me);
}

async function release(lock, me) {
    await kickout.call('POST', `admin/locks/${encodeURIComponent(lock.type)}/${encodeURIComponent(lock.id)}/release`,
        { body: reason() });
    announce(`The lock on ${lock.id} was released; ${lock.holder.username} was told.`);
    await refresh(me);
}

/** The reason the people concerned are shown; without one Kickout gives its own. */
function reason() {
    const text = $('admin-reason').value.trim();
    return text ? { reason: text } : {};
}

function row(cells, button) {
    const tr = element('tr');
    tr.append(...cells.map(cell => element('td', cell)));
    const last = element('td');
    if (button) {
        last.append(button);
    }
    tr.append(last);
    return tr;
}

function action(label, run) {
    const button = element('button', label, { type: 'button' });
    button.addEventListener('click', async () => {
        button.disabled = true;
        try {
            await run();
        } catch (e) {
            failed(e);
            button.disabled = false;
        }
    });
    return button;
}

function failed(e) {
    if (e.status !== 401) {
        announce(`That did not work: ${e.message}`);
    }
}
