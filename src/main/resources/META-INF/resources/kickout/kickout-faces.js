/**
 * The script of the `<kickout:editLock>` Faces component (served from the module jar beside
 * kickout-client.js, loaded by the component; page authors never call it).
 *
 * For each component on the page (`.kickout-edit-lock`, inside the form that edits the record) it
 * keeps the lock the server took when the view opened: heartbeats with the token rendered in the
 * view, events over SSE with the session cookie (and polling while they are down). When the lock is
 * lost (force release, expiry, taken) or the session ends (kicked, replaced, expired), it makes the
 * form read-only the way editor.html does: inputs read-only with their values kept, buttons
 * disabled, a banner saying why. A view rendered without the lock (someone else holds it, or a
 * postback found it lost) is read-only from the start. Its texts follow the browser's language (see
 * kickout-client.js): the component renders English, and elements marked `data-kickout-text` get the
 * client's text of that key (a host's own wording: `messages` on the KickoutClient options, which
 * this script takes from the component's `data-messages` JSON).
 */
import { KickoutClient, KickoutError, clientText, copyText, lockLostMessage } from './kickout-client.js';
/** Inputs whose value a person types: these become read-only (values stay visible); the rest disabled. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date',
    'datetime-local', 'month', 'week', 'time']);

/** One edit form under one record's lock. */
class LockedForm {
    #client;
    #heartbeat = null;
    #submitting = false;

    constructor(client, root) {
        this.#client = client;
        this.root = root;
        this.form = root.closest('form');
        this.type = root.dataset.type;
        this.id = root.dataset.id;
        this.token = root.dataset.state === 'HELD' ? root.querySelector('.kickout-lock-token').value : null;
        this.since = root.dataset.since;
        for (const node of root.querySelectorAll('[data-kickout-text]')) {
            node.textContent = this.#say(node.dataset.kickoutText, { noun: root.dataset.noun });
        }
        for (const time of root.querySelectorAll('time.kickout-time')) {
            time.textContent = new Date(time.dateTime).toLocaleString();
        }
        root.querySelector('.kickout-copy-draft').addEventListener('click', () => this.#copyDraft());
        // a view without the lock never posts, whatever button or key tries
        this.form?.addEventListener('submit', event => {
            if (!this.held) {
                event.preventDefault();
                event.stopImmediatePropagation();
            } else {
                this.#submitting = true;
            }
        }, true);
    }

    get path() {
        return `locks/${encodeURIComponent(this.type)}/${encodeURIComponent(this.id)}`;
    }

    get held() {
        return this.token !== null;
    }

    start() {
        const state = this.root.dataset.state;
        if (state === 'HELD') {
            this.root.dataset.editing = 'true';
            const seconds = Math.max(1, Number(this.root.dataset.heartbeat) || 30);
            this.#heartbeat = setInterval(() => this.#call('PUT', `${this.path}/heartbeat`), seconds * 1000);
            this.#client.on('EDIT_LOCK_RELEASED', data => this.#matches(data) && !this.#olderThanHolding(data)
                && this.lost({ cause: 'FORCE_RELEASED', by: data.by, reason: data.reason }));
            this.#client.on('poll', () => this.held && this.#call('GET', this.path));
            // leaving the page lets go of the lock; a postback of this form keeps it (the next view goes on with it)
            addEventListener('pagehide', () => {
                if (this.held && !this.#submitting) {
                    this.#client.call('DELETE', this.path, { lockToken: this.token, keepalive: true, quiet: true })
                        .catch(() => {});
                }
            });
        } else if (state === 'LOST') {
            this.stop(lockLostMessage({ cause: this.root.dataset.cause, by: this.root.dataset.by }, this.#client.texts), null);
        } else {
            this.#readOnly();
        }
    }

    /** The lock is gone: read-only from now on, saying why. */
    lost(info) {
        if (this.held) {
            this.stop(lockLostMessage(info, this.#client.texts), info.reason);
        }
    }

    /** Read-only from now on, with the unsaved input left in place and offered for copying. */
    stop(why, reason) {
        clearInterval(this.#heartbeat);
        this.#heartbeat = null;
        this.token = null;
        this.#readOnly();
        this.root.querySelector('.kickout-lock-lost-why').textContent = why;
        this.root.querySelector('.kickout-lock-lost-reason').textContent = reason ? this.#say('reason', { reason }) : '';
        this.root.querySelector('.kickout-lock-lost').hidden = false;
        this.root.querySelector('.kickout-lock-status').hidden = true;
    }

    #readOnly() {
        for (const element of this.form?.elements || []) {
            if (element.type === 'hidden' || this.root.contains(element)) {
                continue;
            }
            if (element instanceof HTMLTextAreaElement
                || (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type))) {
                element.readOnly = true;
            } else {
                element.disabled = true;
            }
        }
        this.root.dataset.editing = 'false';
    }

    async #call(method, path) {
        try {
            await this.#client.call(method, path, { lockToken: this.token });
        } catch (e) {
            if (e instanceof KickoutError && e.code === 'LOCK_LOST') {
                this.lost({ cause: e.problem.reason, by: e.problem.by });
            }
            // anything else (a 401 ends the session through the client; a network error): next beat or poll
        }
    }

    async #copyDraft() {
        const text = [...(this.form?.elements || [])]
            .filter(e => e instanceof HTMLTextAreaElement || (e instanceof HTMLInputElement && TEXT_INPUTS.has(e.type)))
            .filter(e => !this.root.contains(e)).map(e => e.value).join('\n\n');
        this.root.querySelector('.kickout-copy-result').textContent = await copyText(text)
            ? this.#say('copied') : this.#say('copyByHand');
    }

    #say(key, info = {}) {
        return clientText(key, info, this.#client.texts);
    }

    #matches(data) {
        return data.type === this.type && String(data.id) === String(this.id);
    }

    /** A replayed release of an earlier holding must not end this one. */
    #olderThanHolding(data) {
        return !!(data.at && this.since && new Date(data.at) < new Date(this.since));
    }
}

const roots = [...document.querySelectorAll('.kickout-edit-lock:not([data-started])')];
if (roots.length) {
    roots.forEach(root => { root.dataset.started = 'true'; });
    // the modal's "Sign in again" reloads this page: the token filter sends a signed-out user to the sign-in page
    const client = new KickoutClient({ credentials: 'cookie', apiRoot: roots[0].dataset.apiRoot || undefined,
        signInUrl: location.href, messages: JSON.parse(roots[0].dataset.messages || '{}') });
    const views = roots.map(root => new LockedForm(client, root));
    client.on('signedout', () => views.forEach(view => view.stop(clientText('signedOutReadOnly', {}, client.texts), null)));
    client.on('connection', ({ state }) => { document.documentElement.dataset.kickoutConnection = state; });
    views.forEach(view => view.start());
    if (roots.some(root => root.dataset.state !== 'SIGNED_OUT')) {
        client.connect();
    }
}
