// What the parts of the page share: the one Kickout client, this app's own API, the news line.
import { KickoutClient } from '../kickout/kickout-client.js';

/**
 * Kickout's browser client, which the Kickout jar serves at kickout/kickout-client.js. It finds Kickout's REST root
 * by itself, keeps the token, opens the event stream and tells the page when the session ends. The page shows why
 * in its own dialog (modal: false): the client's built-in one brings an inline style, which this page's CSP refuses.
 */
export const kickout = new KickoutClient({ modal: false, language: 'en' });

/** Calls this app's own API (api/ beside the page) through the client: the token goes along, a 401 ends the session. */
export function api(method, path, options) {
    return kickout.call(method, new URL(`api/${path}`, document.baseURI).href, options);
}

/** Tells the news to everyone, screen readers included (the line is a polite live region). */
export function announce(text) {
    document.getElementById('news').textContent = text;
}

/** A time of day, e.g. "2:05:09 PM". */
export function time(iso) {
    return iso ? new Date(iso).toLocaleTimeString('en') : '';
}

/** A new element with text and attributes: element('button', 'Save', { type: 'button' }). */
export function element(tag, text = '', attributes = {}) {
    const node = document.createElement(tag);
    node.textContent = text;
    for (const [name, value] of Object.entries(attributes)) {
        node.setAttribute(name, value);
    }
    return node;
}
