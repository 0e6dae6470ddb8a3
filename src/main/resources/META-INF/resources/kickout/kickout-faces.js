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
 *
 * The lock's state on the page is the component's `data-lock-state`: `HELD`, `FAILING` (a heartbeat
 * failed: network error, timeout, 5xx, 401; shown in the status line, retried on the next beat),
 * `LOST`, `HELD_BY_OTHER`, `NOT_HELD` or `SIGNED_OUT`. Each change fires the DOM event
 * `kickout:lockstate` on the component (it bubbles; `detail`: `{state, type, id, ...}`), and a failed
 * heartbeat also `kickout:heartbeatfailed` (`detail`: `{type, id, status, code, message}`).
 *
 * An ajax re-render of the form (`f:ajax render="@form"`, PrimeFaces `update`) replaces the
 * component's markup: the new markup is taken over by the form's running view (one heartbeat loop,
 * the same lock), never started a second time. `data-kickout-heartbeats` on the root element counts
 * the heartbeat loops running on the page.
 */
import { KickoutClient, KickoutError, clientText, copyText, heartbeatFailure, lockLostMessage, olderThanHolding } from './kickout-client.js';
/** Inputs whose value a person types: these become read-only (values stay visible); the rest disabled. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date',
    'datetime-local', 'month', 'week', 'time']);

/** One edit form under one record's lock. */
class LockedForm {
    #client;
    #heartbeat = null;
    #submitting = false;
    #failing = false;
    #ended = null;
    /** The forms this view guards (an ajax update may bring a new form element). */
    #guarded = new WeakSet();

    constructor(client, root) {
        this.#client = client;
        this.type = root.dataset.type;
        this.id = root.dataset.id;
        this.token = root.dataset.state === 'HELD' ? root.querySelector('.kickout-lock-token').value : null;
        this.#bind(root);
    }

    /** The record this view edits, as `type/id`. */
    get key() {
        return `${this.type}/${this.id}`;
    }

    /** Whether this view's markup is still on the page. */
    get attached() {
        return this.root.isConnected;
    }

    #bind(root) {
        root.dataset.started = 'true';
        this.root = root;
        this.form = root.closest('form');
        this.since = root.dataset.since;
        this.fence = root.dataset.fence || null;
        for (const node of root.querySelectorAll('[data-kickout-text]')) {
            node.textContent = this.#say(node.dataset.kickoutText, { noun: root.dataset.noun });
        }
        for (const time of root.querySelectorAll('time.kickout-time')) {
            time.textContent = new Date(time.dateTime).toLocaleString();
        }
        root.querySelector('.kickout-copy-draft').addEventListener('click', () => this.#copyDraft());
        // a view without the lock never posts, whatever button or key tries
        if (this.form && !this.#guarded.has(this.form)) {
            this.#guarded.add(this.form);
            this.form.addEventListener('submit', event => this.#guard(event), true);
        }
    }

    #guard(event) {
        if (!this.held) {
            event.preventDefault();
            event.stopImmediatePropagation();
        } else {
            this.#submitting = true;
        }
    }

    /**
     * The form was re-rendered by ajax: `root` is this view's new markup. A lock still held goes on
     * with the running heartbeat; the server's answer of the postback (lost, held by another) wins.
     */
    adopt(root) {
        const state = root.dataset.state;
        this.#bind(root);
        if (state === 'HELD' && this.held) {
            this.token = root.querySelector('.kickout-lock-token').value || this.token;
            this.root.dataset.editing = 'true';
            this.#run();
            this.#show(this.#failing ? 'FAILING' : 'HELD');
            if (this.#failing) {
                this.#trouble(clientText('heartbeatFailed', {}, this.#client.texts));
            }
        } else if (state === 'HELD' && this.#ended) {
            // this page already let go (lost, signed out): the re-rendered token must not revive it
            this.root.querySelector('.kickout-lock-token').value = '';
            this.stop(this.#ended.why, this.#ended.reason, this.#ended.state);
        } else {
            this.#halt();
            this.#startReadOnly(state);
        }
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
            this.#show('HELD');
            this.#run();
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
        } else {
            this.#startReadOnly(state);
        }
    }

    #startReadOnly(state) {
        if (state === 'LOST') {
            this.stop(lockLostMessage({ cause: this.root.dataset.cause, by: this.root.dataset.by }, this.#client.texts), null);
        } else {
            this.token = null;
            this.#readOnly();
            this.#show(state || 'NOT_HELD');
        }
    }

    /** Starts the heartbeat loop, unless it runs. */
    #run() {
        if (this.#heartbeat === null) {
            const periodMs = Math.max(1, Number(this.root.dataset.heartbeat) || 30) * 1000;
            this.#heartbeat = setInterval(() => this.#beat(periodMs), periodMs);
            loopsChanged(+1);
        }
    }

    /** Stops the heartbeat loop (the lock is gone, or this view's markup left the page). */
    #halt() {
        if (this.#heartbeat !== null) {
            clearInterval(this.#heartbeat);
            this.#heartbeat = null;
            loopsChanged(-1);
        }
    }

    /** The markup left the page for good: no more heartbeats (the lock runs out by itself). */
    detach() {
        this.#halt();
    }

    /** The lock is gone: read-only from now on, saying why. */
    lost(info) {
        if (this.held) {
            this.stop(lockLostMessage(info, this.#client.texts), info.reason);
        }
    }

    /** Read-only from now on, with the unsaved input left in place and offered for copying. */
    stop(why, reason, state = 'LOST') {
        this.#halt();
        this.token = null;
        this.#failing = false;
        this.#trouble('');
        this.#readOnly();
        this.#ended = { why, reason, state };
        this.#show(state, { why, reason });
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
            // anything else (a 401 ends the session through the client; a network error): next poll
        }
    }

    /** One heartbeat: any failure is shown at once, and cleared by the next one that goes through. */
    async #beat(periodMs) {
        const token = this.token;
        try {
            await this.#client.call('PUT', `${this.path}/heartbeat`,
                { lockToken: token, timeoutMs: Math.min(periodMs, 10000) });
            if (this.#failing && this.token === token) {
                this.#failing = false;
                this.#trouble('');
                this.#show('HELD');
            }
        } catch (e) {
            if (this.token !== token) {
                return;
            }
            if (e instanceof KickoutError && e.code === 'LOCK_LOST') {
                this.lost({ cause: e.problem.reason, by: e.problem.by });
            }
            const info = heartbeatFailure(this.type, this.id, e, this.#client.texts);
            this.root.dispatchEvent(new CustomEvent('kickout:heartbeatfailed', { bubbles: true,
                detail: { type: info.type, id: info.id, status: info.status, code: info.code, message: info.message } }));
            if (this.held) {
                // a 401 ends the session through the client (signedout), which makes the form read-only
                this.#failing = true;
                this.#trouble(info.message);
                this.#show('FAILING', { status: info.status, code: info.code });
            }
        }
    }

    /** The failed-heartbeat line in the status (empty: hidden). */
    #trouble(text) {
        const line = this.root.querySelector('.kickout-lock-trouble');
        if (line) {
            line.textContent = text;
            line.hidden = !text;
        }
    }

    /** Sets the component's lock state and tells the page. */
    #show(state, detail = {}) {
        this.root.dataset.lockState = state;
        this.root.classList.toggle('kickout-failing', state === 'FAILING');
        this.root.dispatchEvent(new CustomEvent('kickout:lockstate', { bubbles: true,
            detail: { state, type: this.type, id: this.id, ...detail } }));
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

    /** A replayed release of an earlier holding must not end this one: told by the fence (see kickout-client.js). */
    #olderThanHolding(data) {
        return olderThanHolding(data, this.fence, this.since);
    }
}

let loops = 0;

/** Counts the heartbeat loops on the page, in `data-kickout-heartbeats` of the root element. */
function loopsChanged(by) {
    loops += by;
    document.documentElement.dataset.kickoutHeartbeats = String(loops);
}

let client = null;
/** The running views, one per component on the page; a re-rendered component is taken over by its view. */
const views = [];

function startClient(root) {
    // the modal's "Sign in again" reloads this page: the token filter sends a signed-out user to the sign-in page
    client = new KickoutClient({ credentials: 'cookie', apiRoot: root.dataset.apiRoot || undefined,
        signInUrl: location.href, messages: JSON.parse(root.dataset.messages || '{}') });
    client.on('signedout', () => views.forEach(view => view.stop(clientText('signedOutReadOnly', {}, client.texts), null, 'SIGNED_OUT')));
    client.on('connection', ({ state }) => { document.documentElement.dataset.kickoutConnection = state; });
}

/** Starts the components not seen yet, handing re-rendered ones to their running views. */
function scan() {
    const fresh = [...document.querySelectorAll('.kickout-edit-lock:not([data-started])')];
    if (!fresh.length) {
        views.filter(view => !view.attached).forEach(view => view.detach());
        return;
    }
    if (client === null) {
        startClient(fresh[0]);
    }
    let connect = false;
    for (const root of fresh) {
        const key = `${root.dataset.type}/${root.dataset.id}`;
        const previous = views.find(view => !view.attached && view.key === key);
        if (previous) {
            previous.adopt(root);
        } else {
            const view = new LockedForm(client, root);
            views.push(view);
            view.start();
            connect ||= root.dataset.state !== 'SIGNED_OUT';
        }
    }
    views.filter(view => !view.attached).forEach(view => view.detach());
    for (let i = views.length - 1; i >= 0; i--) {
        if (!views[i].attached) {
            views.splice(i, 1);
        }
    }
    if (connect && client.connection === 'closed' && !client.endedBecause) {
        client.connect();
    }
}

/** Starts once the page is parsed (the form's fields after the component too), then follows ajax updates. */
function begin() {
    scan();
    // ajax updates (Faces, PrimeFaces) replace the component's markup: take the new markup over
    new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
}

if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', begin);
} else {
    begin();
}
