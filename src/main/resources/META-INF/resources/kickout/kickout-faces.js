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
 * `LOST`, `HELD_BY_OTHER`, `NOT_HELD` or `SIGNED_OUT` (a lock lost for inactivity or handed over is
 * `LOST`, with `detail.cause` `IDLE` or `HANDED_OVER`). Each change fires the DOM event
 * `kickout:lockstate` on the component (it bubbles; `detail`: `{state, type, id, ...}`), and a failed
 * heartbeat also `kickout:heartbeatfailed` (`detail`: `{type, id, status, code, message}`).
 *
 * Beyond keeping the lock:
 * - inactivity: typing, clicks and pointer moves on the form are noted (at most once a second), and
 *   each heartbeat sends the whole seconds since the last one as `idleSeconds`. Before a release for
 *   inactivity (`LOCK_EXPIRING`, reason `IDLE`) a "Still editing?" prompt shows; its button (or any
 *   activity) sends a heartbeat at once. Before the end of the longest holding (reason `MAX_HOLD`) a
 *   note says when it ends. A release for inactivity (`IDLE`) or a hand-over (`HANDED_OVER`) makes the
 *   form read-only like a force release, with its own banner;
 * - the waiting line, for a view rendered read-only because someone else holds the lock: "Wait in line"
 *   joins the record's queue and shows the place (`LOCK_QUEUE`; `data-queue-position` on the
 *   component, 0 when not waiting); when the lock frees for this session (`LOCK_RESERVED`, or
 *   `LOCK_AVAILABLE` with nobody waiting), "Your turn: edit now" loads the view again, which takes the
 *   lock on the server. "Ask to hand over" (joining the line first if needed) sends a short message to
 *   the holder, whose view shows it with Accept and Decline; Accept hands the lock over with this
 *   view's token and the holder's form goes read-only with the draft kept;
 * - who else is here: every heartbeat period the view renews its presence in the record's room
 *   (`PUT .../presence`) and lists the others (name, editing / waiting / reading, since when); leaving
 *   the page takes it out (`DELETE .../presence`, which also leaves the line).
 * The texts of these parts are the component's own keys (`faces.*`, `LOCK_LOST.IDLE`,
 * `LOCK_LOST.HANDED_OVER`) in English and Simplified Chinese; a host's `messages` or the client's own
 * texts of a key win over them.
 *
 * An ajax re-render of the form (`f:ajax render="@form"`, PrimeFaces `update`) replaces the
 * component's markup: the new markup is taken over by the form's running view (one heartbeat loop,
 * the same lock), never started a second time. `data-kickout-heartbeats` on the root element counts
 * the heartbeat loops running on the page.
 */
import { KickoutClient, KickoutError, clientText, copyText, heartbeatFailure, olderThanHolding } from './kickout-client.js';
import { facesText, lockLostText } from './kickout-faces-texts.js';
import { Activity, Room, shown } from './kickout-faces-room.js';

/** Inputs whose value a person types: these become read-only (values stay visible); the rest disabled. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date',
    'datetime-local', 'month', 'week', 'time']);
/**
 * Reasons of `EDIT_LOCK_RELEASED` that are the module's own causes, not an administrator's words:
 * released for inactivity, handed over (and `EXPIRED` with no `by`: the end of the longest holding).
 */
const RELEASE_CAUSES = new Set(['IDLE', 'HANDED_OVER']);

/** One edit form under one record's lock. */
class LockedForm {
    #client;
    #heartbeat = null;
    #periodMs = 30000;
    #submitting = false;
    #failing = false;
    #ended = null;
    /** The forms this view guards (an ajax update may bring a new form element). */
    #guarded = new WeakSet();
    #activity = new Activity();
    #room;
    /** The `LOCK_EXPIRING` warning showing (`{reason, expiresAt, at}`), or null. */
    #expiring = null;
    /** A heartbeat for activity after a warning is on its way. */
    #beating = false;
    /** Hand-over requests to this view's holding, by request id: `{data, note, gone}`. */
    #requests = new Map();
    /** Names of those who asked, by user id (a hand-over's release names the new holder by id). */
    #askers = new Map();
    /** The name of the one whose request this view is accepting, while the answer is on its way. */
    #accepting = null;

    constructor(client, root) {
        this.#client = client;
        this.type = root.dataset.type;
        this.id = root.dataset.id;
        this.token = root.dataset.state === 'HELD' ? root.querySelector('.kickout-lock-token').value : null;
        this.#room = new Room(client, { type: this.type, id: this.id }, (key, info) => this.#say(key, info));
        this.#activity.onActivity(() => this.#expiring?.reason === 'IDLE' && this.#beatNow());
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
            node.textContent = this.#say(node.dataset.kickoutText);
        }
        for (const node of root.querySelectorAll('[data-kickout-placeholder]')) {
            node.placeholder = this.#say(node.dataset.kickoutPlaceholder);
        }
        for (const time of root.querySelectorAll('time.kickout-time')) {
            time.textContent = time.dateTime ? new Date(time.dateTime).toLocaleString() : '';
        }
        root.querySelector('.kickout-copy-draft').addEventListener('click', () => this.#copyDraft());
        root.querySelector('.kickout-still-editing')?.addEventListener('click', () => this.#stillEditing());
        this.#activity.watch(this.form || root);
        // a view without the lock never posts, whatever button or key tries
        if (this.form && !this.#guarded.has(this.form)) {
            this.#guarded.add(this.form);
            this.form.addEventListener('submit', event => this.#guard(event), true);
        }
        this.#room.bind(root);
        this.#renderExpiring();
        this.#renderRequests();
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
        if (state !== 'SIGNED_OUT') {
            this.#room.start(this.#period(root));
        }
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
            this.stop(this.#ended.why, this.#ended.reason, this.#ended.state, this.#ended.cause);
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
        this.#client.on('EDIT_LOCK_RELEASED', data => this.#matches(data) && !this.#olderThanHolding(data)
            && this.lost(this.#releaseInfo(data)));
        this.#client.on('LOCK_EXPIRING', data => this.#matches(data) && this.#warned(data));
        this.#client.on('HANDOVER_REQUESTED', data => this.#matches(data) && this.#requested(data));
        this.#client.on('poll', () => this.held && this.#call('GET', this.path));
        // leaving the page lets go of the lock and of the room; a postback of this form keeps both
        // (the next view goes on with them)
        addEventListener('pagehide', () => {
            if (this.held && !this.#submitting) {
                this.#client.call('DELETE', this.path, { lockToken: this.token, keepalive: true, quiet: true })
                    .catch(() => {});
            }
            if (this.#submitting) {
                this.#room.stop();
            } else {
                this.#room.leave();
            }
        });
        if (state !== 'SIGNED_OUT') {
            this.#room.start(this.#period(this.root));
        }
        if (state === 'HELD') {
            this.root.dataset.editing = 'true';
            this.#show('HELD');
            this.#run();
        } else {
            this.#startReadOnly(state);
        }
    }

    #startReadOnly(state) {
        if (state === 'LOST') {
            const info = { cause: this.root.dataset.cause, by: this.root.dataset.by };
            this.stop(this.#lostText(info), null, 'LOST', info.cause);
        } else {
            this.token = null;
            this.#readOnly();
            this.#show(state || 'NOT_HELD');
        }
    }

    #period(root) {
        return Math.max(1, Number(root.dataset.heartbeat) || 30) * 1000;
    }

    /** Starts the heartbeat loop, unless it runs. */
    #run() {
        if (this.#heartbeat === null) {
            this.#periodMs = this.#period(this.root);
            this.#heartbeat = setInterval(() => this.#beat(), this.#periodMs);
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

    /** The markup left the page for good: no more heartbeats (the lock runs out by itself), no presence. */
    detach() {
        this.#halt();
        this.#room.stop();
    }

    /** The lock is gone: read-only from now on, saying why. */
    lost(info) {
        if (this.held) {
            this.stop(this.#lostText(info), info.reason, 'LOST', info.cause);
        }
    }

    /** The session ended: read-only, and out of the room for good. */
    signedOut(why) {
        this.#room.stop(true);
        this.stop(why, null, 'SIGNED_OUT');
    }

    /** Read-only from now on, with the unsaved input left in place and offered for copying. */
    stop(why, reason, state = 'LOST', cause = undefined) {
        this.#halt();
        this.token = null;
        this.#failing = false;
        this.#expiring = null;
        this.#requests.clear();
        this.#trouble('');
        this.#readOnly();
        this.#ended = { why, reason, state, cause };
        this.#show(state, { why, reason, ...(cause ? { cause } : {}) });
        this.root.querySelector('.kickout-lock-lost-why').textContent = why;
        this.root.querySelector('.kickout-lock-lost-reason').textContent = reason ? this.#say('reason', { reason }) : '';
        this.root.querySelector('.kickout-lock-lost').hidden = false;
        this.root.querySelector('.kickout-lock-status').hidden = true;
        this.#renderExpiring();
        this.#renderRequests();
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

    /**
     * One heartbeat, telling how long the person has been idle: any failure is shown at once, and
     * cleared by the next one that goes through.
     */
    async #beat() {
        const token = this.token;
        if (token === null) {
            return;
        }
        const activeAt = this.#activity.at;
        const idleSeconds = this.#activity.idleSeconds;
        try {
            const lock = await this.#client.call('PUT', `${this.path}/heartbeat?idleSeconds=${idleSeconds}`,
                { lockToken: token, timeoutMs: Math.min(this.#periodMs, 10000) });
            if (this.token !== token) {
                return;
            }
            this.#answeredActivity(activeAt);
            if (this.#failing) {
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

    /** A heartbeat now, for activity after a warning (one at a time). */
    #beatNow() {
        if (!this.#beating) {
            this.#beating = true;
            this.#beat().finally(() => { this.#beating = false; });
        }
    }

    /** "Still editing?" answered: active now, told to the server at once (by the activity's heartbeat). */
    #stillEditing() {
        this.#activity.touch();
        this.#beatNow();
    }

    /** `LOCK_EXPIRING`: the prompt (inactivity) or the note (the longest holding ends soon). */
    #warned(data) {
        if (this.held) {
            this.#expiring = { reason: data.reason === 'MAX_HOLD' ? 'MAX_HOLD' : 'IDLE', expiresAt: data.expiresAt, at: Date.now() };
            this.#renderExpiring();
        }
    }

    /**
     * The prompt goes once a heartbeat told the server of activity after it appeared (which moves the
     * release for inactivity past the warned one). Not by comparing the lock's `idleAt` with the warned
     * time: whole seconds of idleness let every heartbeat nudge it by a fraction of a second.
     */
    #answeredActivity(activeAt) {
        if (this.#expiring?.reason === 'IDLE' && activeAt > this.#expiring.at) {
            this.#expiring = null;
            this.#renderExpiring();
        }
    }

    #renderExpiring() {
        const box = this.root.querySelector('.kickout-lock-expiring');
        this.root.dataset.expiring = this.#expiring?.reason ?? '';
        if (box) {
            shown(box, this.#expiring !== null);
            box.querySelector('.kickout-lock-expiring-why').textContent = this.#expiring
                ? this.#say(`faces.expiring.${this.#expiring.reason}`, { expiresAt: this.#expiring.expiresAt }) : '';
            shown(box.querySelector('.kickout-still-editing'), this.#expiring?.reason === 'IDLE');
        }
    }

    #requested(data) {
        if (this.held) {
            this.#requests.set(data.requestId, { data });
            if (data.from?.userId) {
                this.#askers.set(data.from.userId, data.from.username);
            }
            this.#renderRequests();
        }
    }

    /** Accept (the lock goes to the one who asked; this form turns read-only) or decline a hand-over request. */
    async #answer(requestId, accept) {
        const entry = this.#requests.get(requestId);
        if (!entry || !this.held) {
            return;
        }
        entry.busy = true;
        this.#renderRequests();
        if (accept) {
            this.#accepting = entry.data.from?.username ?? null;
        }
        try {
            await this.#client.call('POST', `${this.path}/handover/${encodeURIComponent(requestId)}`,
                { body: { accept }, lockToken: this.token });
            this.#requests.delete(requestId);
            if (accept) {
                this.lost({ cause: 'HANDED_OVER', by: entry.data.from?.userId });
            }
        } catch (e) {
            entry.busy = false;
            this.#accepting = null;
            if (e instanceof KickoutError && e.code === 'LOCK_LOST') {
                this.lost({ cause: e.problem.reason, by: e.problem.by });
            } else if (e instanceof KickoutError && e.code === 'NOT_FOUND') {
                entry.gone = true;
                entry.note = this.#say('faces.handover.gone');
            } else {
                entry.note = e?.problem?.detail || e?.message || String(e);
            }
        }
        this.#renderRequests();
    }

    #renderRequests() {
        const box = this.root.querySelector('.kickout-handover-requests');
        if (!box) {
            return;
        }
        const items = [...this.#requests.entries()].map(([requestId, entry]) => this.#requestItem(requestId, entry));
        box.replaceChildren(...items);
        shown(box, items.length > 0);
    }

    #requestItem(requestId, { data, note, gone, busy }) {
        const item = element('div', 'kickout-handover-request kickout-notice kickout-warn');
        item.dataset.requestId = requestId;
        item.setAttribute('role', 'alert');
        const who = element('p');
        who.append(element('strong', 'kickout-handover-from', data.from?.username || ''), this.#say('faces.handover.request'));
        item.append(who);
        if (data.message) {
            item.append(element('p', 'kickout-handover-message', data.message));
        }
        const actions = element('div', 'kickout-actions');
        if (!gone) {
            const accept = element('button', 'kickout-handover-accept kickout-primary', this.#say('faces.handover.accept'));
            const decline = element('button', 'kickout-handover-decline', this.#say('faces.handover.decline'));
            for (const [button, yes] of [[accept, true], [decline, false]]) {
                button.type = 'button';
                button.disabled = !!busy;
                button.addEventListener('click', () => this.#answer(requestId, yes));
                actions.append(button);
            }
        } else {
            const dismiss = element('button', 'kickout-handover-dismiss', '×');
            dismiss.type = 'button';
            dismiss.addEventListener('click', () => {
                this.#requests.delete(requestId);
                this.#renderRequests();
            });
            actions.append(dismiss);
        }
        actions.append(element('span', 'kickout-note', note || ''));
        item.append(actions);
        return item;
    }

    /** What an `EDIT_LOCK_RELEASED` says: the module's own cause (inactivity, hand-over) or a force release. */
    #releaseInfo(data) {
        const own = RELEASE_CAUSES.has(data.reason) || (data.reason === 'EXPIRED' && !data.by);
        const cause = data.cause ?? (own ? data.reason : 'FORCE_RELEASED');
        if (cause === 'HANDED_OVER') {
            return { cause, by: this.#handedTo(data.by), reason: null };
        }
        if (cause !== 'FORCE_RELEASED') {
            return { cause, by: null, reason: null };
        }
        return { cause: 'FORCE_RELEASED', by: data.by, reason: data.reason };
    }

    /**
     * Who the lock went to: named by the release (a user id), else the request this view is accepting
     * (the release may come before the answer), else the one request waiting (accepted on the holder's behalf).
     */
    #handedTo(userId) {
        if (userId) {
            return this.#askers.get(userId) ?? userId;
        }
        const pending = [...this.#requests.values()];
        return this.#accepting ?? (pending.length === 1 ? pending[0].data.from?.username : null) ?? null;
    }

    #lostText(info) {
        const by = info.cause === 'HANDED_OVER' ? this.#handedTo(info.by) : info.by;
        return lockLostText({ ...info, by, noun: this.root.dataset.noun }, this.#client.texts);
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
        return facesText(key, { noun: this.root?.dataset.noun, ...info }, this.#client.texts);
    }

    #matches(data) {
        return data.type === this.type && String(data.id) === String(this.id);
    }

    /** A replayed release of an earlier holding must not end this one: told by the fence (see kickout-client.js). */
    #olderThanHolding(data) {
        return olderThanHolding(data, this.fence, this.since);
    }
}

/** A new element with `className` (kickout- classes only) and text. */
function element(tag, className = '', text = '') {
    const node = document.createElement(tag);
    if (className) {
        node.className = className;
    }
    node.textContent = text;
    return node;
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
    client.on('signedout', () => views.forEach(view => view.signedOut(clientText('signedOutReadOnly', {}, client.texts))));
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
