/**
 * The parts of the `<kickout:editLock>` component around the lock itself (see kickout-faces.js): how
 * long the person has been idle on the form, and the record's room as one view sees it (its
 * presence, who else is here, and for a view someone else's lock made read-only the waiting line and
 * the request to hand over).
 */
import { KickoutError } from './kickout-client.js';

/**
 * Shows or hides `element`. Beside `hidden`, an inline `display: none`: a host's stylesheet that gives
 * buttons or rows a `display` (Bootstrap's `.btn`, a flex row) would show a merely `hidden` element.
 */
export function shown(element, visible) {
    if (element) {
        element.hidden = !visible;
        element.style.display = visible ? '' : 'none';
    }
}

/** Activity is noted at most this often: pointer moves come by the hundred. */
const THROTTLE_MS = 1000;
const MAX_IDLE_SECONDS = 86400;

/** When the person last typed, clicked or moved the pointer on the watched elements. */
export class Activity {
    /** The view just opened: the person asked for it a moment ago. */
    #at = Date.now();
    #x = null;
    #y = null;
    #watched = new WeakSet();
    #listeners = new Set();

    /** Watches `target` (the form; an ajax update may bring a new one) for activity. */
    watch(target) {
        if (!target || this.#watched.has(target)) {
            return;
        }
        this.#watched.add(target);
        const options = { capture: true, passive: true };
        for (const type of ['input', 'keydown', 'pointerdown']) {
            target.addEventListener(type, () => this.#noted(), options);
        }
        // the browser repeats pointer events at the same spot when the layout moves under a still pointer
        target.addEventListener('pointermove', event => {
            if (event.screenX !== this.#x || event.screenY !== this.#y) {
                this.#x = event.screenX;
                this.#y = event.screenY;
                this.#noted();
            }
        }, options);
    }

    /** The person answered a prompt: active now, whenever the last activity was noted. */
    touch() {
        this.#at = Date.now();
        this.#listeners.forEach(listener => listener());
    }

    /** When the last activity was noted (epoch milliseconds). */
    get at() {
        return this.#at;
    }

    /** Whole seconds since the last activity, as the heartbeat's `idleSeconds`. */
    get idleSeconds() {
        return Math.min(MAX_IDLE_SECONDS, Math.max(0, Math.floor((Date.now() - this.#at) / 1000)));
    }

    /** Calls `listener` on each activity noted. */
    onActivity(listener) {
        this.#listeners.add(listener);
    }

    #noted() {
        if (Date.now() - this.#at >= THROTTLE_MS) {
            this.touch();
        }
    }
}

/**
 * One view in its record's room. It renews the view's presence every heartbeat period and lists the
 * others; in a view rendered read-only because someone else holds the lock (markup `.kickout-queue`)
 * it also runs the waiting line: join, leave, the place, the turn ("Your turn: edit now" loads the
 * view again so that the server takes the lock), and the request to hand over.
 */
export class Room {
    #client;
    #say;
    #timer = null;
    #stopped = false;
    /** The others in the room, as last answered. */
    #viewers = [];
    #shownViewers = null;
    /** `{position, size}` while waiting, else null. */
    #place = null;
    /** `{until}` while a reservation is held for this session, `{free: true}` when nobody holds or is owed the lock. */
    #turn = null;
    #turnTimer = null;
    /** A queue call is on its way: a presence answer from before it must not overrule it. */
    #busy = false;
    #taking = false;
    #note = '';
    #askNote = '';

    constructor(client, record, say) {
        this.#client = client;
        this.record = record;
        this.#say = say;
        const mine = data => data.type === record.type && String(data.id) === String(record.id);
        client.on('LOCK_QUEUE', data => mine(data) && this.#queued(data));
        client.on('LOCK_RESERVED', data => mine(data) && this.#reserved(data.until));
        client.on('LOCK_AVAILABLE', data => mine(data) && this.#renew());
        client.on('HANDOVER_ANSWERED', data => mine(data) && this.#answered(data.accepted));
    }

    get #path() {
        return `locks/${encodeURIComponent(this.record.type)}/${encodeURIComponent(this.record.id)}`;
    }

    /** Takes `root` (the component's markup, first or re-rendered) over. */
    bind(root) {
        this.root = root;
        this.#shownViewers = null;
        const queue = root.querySelector('.kickout-queue');
        if (queue) {
            queue.querySelector('.kickout-queue-join').addEventListener('click', () => this.#join());
            queue.querySelector('.kickout-queue-leave').addEventListener('click', () => this.#leaveQueue());
            queue.querySelector('.kickout-take').addEventListener('click', () => this.#take());
            queue.querySelector('.kickout-handover-send').addEventListener('click', () => this.#ask());
            // Enter in the message asks, rather than submitting the (blocked) form
            queue.querySelector('.kickout-handover-text').addEventListener('keydown', event => {
                if (event.key === 'Enter') {
                    event.preventDefault();
                    this.#ask();
                }
            });
        }
        this.#render();
    }

    /** Renews the presence now and then every `periodMs`, until stopped. */
    start(periodMs) {
        if (this.#timer === null && !this.#stopped) {
            this.#renew();
            this.#timer = setInterval(() => this.#renew(), periodMs);
        }
    }

    /** No more renewals (the view's markup left the page); `forGood`: the session ended, never again. */
    stop(forGood = false) {
        clearInterval(this.#timer);
        this.#timer = null;
        this.#stopped ||= forGood;
        if (forGood) {
            this.#place = null;
            this.#turn = null;
            this.#render();
        }
    }

    /** The page goes away: out of the room (and the line), unless it goes to take its turn. */
    leave() {
        const present = this.#timer !== null;
        this.stop();
        if (present && !this.#taking) {
            this.#client.call('DELETE', `${this.#path}/presence`, { keepalive: true, quiet: true }).catch(() => {});
        }
    }

    async #renew() {
        if (this.#stopped) {
            return;
        }
        const busy = this.#busy;
        try {
            this.#arrived(await this.#client.call('PUT', `${this.#path}/presence`), busy || this.#busy);
        } catch (e) {
            if (e instanceof KickoutError && [400, 404, 405].includes(e.status)) {
                // a server without rooms, or a type it does not know: the view works without them
                this.stop(true);
            }
            // anything else (no network, 5xx; a 401 ends the session through the client): the next period
        }
    }

    /** A presence answer (`Room`): the others, and the place and turn when no queue call crossed it. */
    #arrived(room, crossed) {
        this.#viewers = (room.viewers || []).filter(viewer => !viewer.self);
        const queue = this.root.querySelector('.kickout-queue');
        if (queue && !crossed && !this.#taking) {
            const place = room.place || {};
            if (place.reservedUntil) {
                this.#reserved(place.reservedUntil);
            } else if (!this.#turn?.until) {
                this.#place = place.position > 0 ? { position: place.position, size: place.size } : null;
                const free = !room.lock && !room.reservedFor && this.#place === null;
                this.#turn = free ? { free: true } : null;
            }
        }
        this.#render();
    }

    #queued(data) {
        if (!this.#turn?.until) {
            this.#place = data.position > 0 ? { position: data.position, size: data.size } : null;
            this.#render();
        }
    }

    #reserved(until) {
        if (this.#turn?.until === until) {
            return;
        }
        this.#turn = { until };
        this.#place = null;
        this.#note = '';
        clearTimeout(this.#turnTimer);
        // unclaimed by then, the turn passes on: say so, and let the person join again
        this.#turnTimer = setTimeout(() => {
            if (!this.#taking && this.#turn?.until === until) {
                this.#turn = null;
                this.#note = this.#say('faces.turn.passed');
                this.#render();
            }
        }, Math.max(0, new Date(until) - Date.now()));
        this.#render();
    }

    #answered(accepted) {
        this.#askNote = this.#say(accepted ? 'faces.handover.accepted' : 'faces.handover.declined');
        this.#render();
    }

    async #join() {
        this.#busy = true;
        this.#note = '';
        try {
            const place = await this.#client.call('POST', `${this.#path}/queue`);
            if (place.reservedUntil) {
                this.#reserved(place.reservedUntil);
            } else {
                this.#place = place.position > 0 ? { position: place.position, size: place.size } : null;
                this.#turn = null;
            }
        } catch (e) {
            this.#note = this.#refusal(e, { QUEUE_FULL: 'faces.queue.full', ALREADY_HOLDER: 'faces.queue.holder' });
        } finally {
            this.#busy = false;
            this.#render();
        }
    }

    async #leaveQueue() {
        this.#busy = true;
        try {
            await this.#client.call('DELETE', `${this.#path}/queue`);
            this.#place = null;
            this.#turn = null;
            this.#note = this.#say('faces.queue.left');
        } catch (e) {
            this.#note = this.#refusal(e, {});
        } finally {
            this.#busy = false;
            this.#render();
        }
    }

    /** Asks the holder to hand over, joining the line first (only those waiting may ask). */
    async #ask() {
        const text = this.root.querySelector('.kickout-handover-text');
        if (this.#place === null && !this.#turn) {
            await this.#join();
        }
        if (this.#place === null) {
            return;
        }
        try {
            await this.#client.call('POST', `${this.#path}/handover`, { body: { message: text.value.trim().slice(0, 280) } });
            this.#askNote = this.#say('faces.handover.sent');
        } catch (e) {
            this.#askNote = this.#refusal(e, { TOO_MANY_ATTEMPTS: 'faces.handover.tooSoon' });
            if (e instanceof KickoutError && e.code === 'NOT_LOCKED') {
                this.#renew();
            }
        }
        this.#render();
    }

    /** Loads the view again: opening it takes the lock on the server, as this session's turn allows. */
    #take() {
        this.#taking = true;
        this.root.querySelector('.kickout-take').disabled = true;
        location.replace(location.href.split('#')[0]);
    }

    /** Words for a refused call: the component's own for the codes in `keys`, else the server's detail. */
    #refusal(error, keys) {
        const code = error instanceof KickoutError ? error.code : null;
        return keys[code] ? this.#say(keys[code]) : error?.problem?.detail || error?.message || String(error);
    }

    #render() {
        if (!this.root) {
            return;
        }
        this.#renderViewers();
        const queue = this.root.querySelector('.kickout-queue');
        this.root.dataset.queuePosition = String(this.#place?.position ?? 0);
        this.root.dataset.reservedUntil = this.#turn?.until ?? '';
        if (!queue) {
            return;
        }
        const part = css => queue.querySelector(css);
        shown(queue, !this.#stopped);
        const waiting = this.#place !== null;
        shown(part('.kickout-queue-join'), !waiting && this.#turn === null);
        shown(part('.kickout-queue-leave'), waiting);
        part('.kickout-queue-place').textContent = waiting ? this.#say('faces.queue.place', this.#place) : this.#note;
        shown(part('.kickout-turn'), this.#turn !== null);
        part('.kickout-turn-why').textContent = this.#turn === null ? ''
            : this.#say(this.#turn.until ? 'faces.turn' : 'faces.turn.free', { until: this.#turn.until });
        shown(part('.kickout-handover-ask'), this.#turn === null);
        part('.kickout-handover-result').textContent = this.#askNote;
        shown(part('.kickout-handover-result'), !!this.#askNote);
    }

    /** The others in the room, each as name, role and since when; rebuilt only when they changed. */
    #renderViewers() {
        const box = this.root.querySelector('.kickout-viewers');
        if (!box) {
            return;
        }
        const key = JSON.stringify(this.#viewers.map(v => [v.userId, v.username, v.role, v.since]));
        if (key === this.#shownViewers) {
            return;
        }
        this.#shownViewers = key;
        const items = this.#viewers.map(viewer => {
            const item = document.createElement('li');
            item.className = 'kickout-viewer';
            item.dataset.userId = viewer.userId;
            item.dataset.role = viewer.role;
            const name = document.createElement('strong');
            name.className = 'kickout-viewer-name';
            name.textContent = viewer.username;
            const role = this.#say(`faces.role.${viewer.role}`) ?? viewer.role;
            item.append(name, this.#say('faces.viewer', { role, since: viewer.since }));
            return item;
        });
        box.querySelector('.kickout-viewer-list').replaceChildren(...items);
        shown(box, items.length > 0);
    }
}
