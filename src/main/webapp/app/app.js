// Shared helpers of the reference app's pages: the one Kickout client, the header bar, formatting.
import { KickoutClient } from '../kickout/kickout-client.js';
import { t } from './i18n.js';

export { t } from './i18n.js';

export const kickout = new KickoutClient({ signInUrl: 'index.html' });

/** Sends a signed-out visitor to the sign-in page; answers whether the page may go on. */
export function requireSignIn() {
    if (!kickout.stored) {
        location.replace('index.html');
        return false;
    }
    return true;
}

/** Creates an element: h('td', {className: 'small'}, 'text', child, ...). */
export function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
        if (key.startsWith('on')) {
            node.addEventListener(key.slice(2), value);
        } else if (key in node) {
            node[key] = value;
        } else {
            node.setAttribute(key, value);
        }
    }
    node.append(...children.filter(child => child !== null && child !== undefined));
    return node;
}

export function time(iso) {
    return iso ? new Date(iso).toLocaleTimeString() : '';
}

export function dateTime(iso) {
    return iso ? new Date(iso).toLocaleString() : '';
}

/** "3 min ago", "just now" (or 3 分钟前, 刚刚). */
export function ago(iso) {
    const seconds = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
    if (seconds < 10) {
        return t('justNow');
    }
    if (seconds < 90) {
        return t('secondsAgo', seconds);
    }
    if (seconds < 5400) {
        return t('minutesAgo', Math.round(seconds / 60));
    }
    return t('hoursAgo', Math.round(seconds / 3600));
}

/** Fills the page's <header class="bar"> and opens the event stream. */
export async function startPage(active) {
    const session = kickout.session;
    const conn = h('span', { className: 'conn', title: t('liveUpdates') });
    const nav = h('nav', {}, h('a', { href: 'documents.html', className: active === 'documents' ? 'active' : '' }, t('documents')));
    const signOut = h('button', { type: 'button', onclick: async () => {
        await kickout.logout().catch(() => {});
        location.href = 'index.html';
    } }, t('signOut'));
    document.querySelector('header.bar').append(h('span', { className: 'brand' }, t('brand')), nav,
        h('span', { className: 'who' }, conn, `${session.username} · ${session.deviceType}`), signOut);
    kickout.on('connection', ({ state }) => { conn.className = `conn ${state}`; });
    for (const type of ['FORCE_LOGOUT', 'SESSION_EXPIRED', 'EDIT_LOCK_RELEASED', 'LOCK_AVAILABLE']) {
        kickout.on(type, () => { document.documentElement.dataset.lastEventId = kickout.lastEventId; });
    }
    kickout.on('signedout', () => { conn.className = 'conn'; signOut.disabled = true; });
    kickout.connect();
    try {
        const me = await kickout.call('GET', 'app/demo/whoami');
        if (me.admin) {
            nav.append(h('a', { href: 'admin.html', className: active === 'admin' ? 'active' : '' }, t('adminConsole')));
        }
        return me;
    } catch (e) {
        return null;
    }
}
