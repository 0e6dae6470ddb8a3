/**
 * Kickout's browser client: a dependency-free ES module that the module jar serves at
 * `<context>/kickout/kickout-client.js`.
 *
 * ```js
 * import { KickoutClient } from './kickout/kickout-client.js';
 *
 * const kickout = new KickoutClient();            // REST root: found by itself (see apiRoot below)
 * await kickout.login('alice', 'alice', 'web');   // once, on the sign-in page
 * kickout.connect();                              // every page: events, the signed-out modal
 *
 * const lock = kickout.editLock('document', '42', { onLost: info => makeReadOnly(info) });
 * await lock.acquire();                           // heartbeats until release() or loss
 * await kickout.call('PUT', 'documents/42', { body, lockToken: lock.token });
 * ```
 *
 * Where the REST root is: the `apiRoot` option if given (relative to this file); else the `content` of
 * a `<meta name="kickout-api">` in the page (relative to the page); else what the module answers at
 * `api-root` beside this file (`<context>/kickout/api-root`: the root of this deployment, wherever
 * its context path and servlet mapping put it).
 *
 * What it takes care of:
 * - the token (kept in `localStorage`, sent as `Authorization: Bearer`), never in a URL;
 * - events through `EventSource`, opened with a single-use ticket (`POST events/ticket`). After
 *   a failure the stream is reopened with a fresh ticket (the browser's own retry would reuse the
 *   spent one) and the last event id goes along as `lastEventId` in the query, since a new
 *   `EventSource` cannot send the `Last-Event-ID` header; the server replays what was missed;
 * - `RECONNECT` (the server ends streams at `kickout.sse.max-age`): reopened at once, the same way;
 * - while the stream is down, polling `auth/status` (and each held lock) instead;
 * - cookie mode (`new KickoutClient({ credentials: 'cookie' })`, for server-rendered pages signed in
 *   through a form): no token in `localStorage` and no `Authorization` header; the browser sends the
 *   HttpOnly session cookie, unsafe calls add `X-CSRF-Token` from the `KICKOUT_CSRF` cookie, and
 *   the event stream opens with the cookie alone (no ticket);
 * - `FORCE_LOGOUT`, `SESSION_EXPIRED`, and a 401 from any call: a modal saying why (an administrator
 *   signed you out, with the reason; your account signed in on another device; your session
 *   expired; ...). The page stays as it is, so unsaved input is kept;
 * - edit locks: acquire, a heartbeat timer while held, release; `EDIT_LOCK_RELEASED`, a
 *   `LOCK_LOST` answer or a failed poll calls the lock's `onLost`; `LOCK_AVAILABLE` wakes a
 *   `waitUntilAvailable()`; any other failed heartbeat (network error, timeout, 5xx, 401) calls
 *   `onHeartbeatFailed` and fires `heartbeatfailed` on the client, and the next good one
 *   `onHeartbeatRestored` / `heartbeatrestored`;
 * - the person's activity on the page (typing, clicking, moving the pointer: {@link pageActivity}), sent with
 *   every heartbeat as `idleSeconds`; before a release for inactivity (`LOCK_EXPIRING`) a "Still editing?"
 *   prompt whose one click keeps the lock; the record's waiting queue (`joinQueue()`, `leaveQueue()`, the
 *   place, "It's your turn" when the record is held for this session), asking the holder to hand over
 *   (`askHandover(message)`, the holder's Accept/Decline prompt), and who else has the record open
 *   (`enter()`, `onRoom`);
 * - its texts (the modal, `onLost`'s `message`) in Simplified Chinese or English by the browser's
 *   `navigator.languages` ({@link clientLanguage}); a host with its own wording passes
 *   `messages`, keyed by problem/event `code` (`KICKED`, `REPLACED`, ..., `LOCK_LOST`, or
 *   `LOCK_LOST.FORCE_RELEASED` for one cause), each a string or a function of the event/problem:
 *   `new KickoutClient({ messages: { KICKED: info => `Signed out by ${info.by}` } })`.
 */

const EVENT_TYPES = ['STREAM_OPEN', 'FORCE_LOGOUT', 'SESSION_EXPIRED', 'EDIT_LOCK_RELEASED', 'LOCK_AVAILABLE',
    'RECONNECT', 'LOCK_EXPIRING', 'LOCK_QUEUE', 'LOCK_RESERVED', 'HANDOVER_REQUESTED', 'HANDOVER_ANSWERED'];
const SESSION_KEY = 'kickout.session';
const CLIENT_ID_KEY = 'kickout.clientId';
const MAX_BACKOFF_MS = 15000;
/** A heartbeat not answered within this long (or its period, if shorter) counts as failed. */
const HEARTBEAT_TIMEOUT_MS = 10000;
/** Form of the event ids the server sends (`<millis>-<sequence>`); nothing else goes back as `lastEventId`. */
const EVENT_ID = /^[0-9]{1,19}-[0-9]{1,19}$/;

/** `info.by` in brackets, when there is one. */
const byWhom = info => info.by ? ` (${info.by})` : '';
const byWhomZh = info => info.by ? `（${info.by}）` : '';
/** A time of day (hours, minutes, seconds) in `language`. */
const clockTime = (iso, language) => iso ? new Date(iso).toLocaleTimeString(language) : '';

/**
 * The client's own texts, by language and key. The keys of session ends and lock losses are the
 * codes (`KICKED`, `LOCK_LOST.<cause>`); the rest name a place on screen. A value is a string or a
 * function of the event or problem.
 */
const TEXTS = {
    en: {
        KICKED: info => `An administrator${byWhom(info)} signed you out.`,
        REPLACED: 'Your account signed in on another device, so this session was closed.',
        LOGGED_OUT: 'You signed out, in this or another window.',
        TOKEN_EXPIRED: 'Your session expired: it was idle for too long or reached its maximum lifetime.',
        TOKEN_MISSING: 'You are not signed in.',
        SESSION_ENDED: 'Your session is no longer valid.',
        'LOCK_LOST.EXPIRED': 'Your edit lock expired.',
        'LOCK_LOST.TAKEN': 'This record was opened for editing again, in another tab or window or after your lock ended: this page is read-only now.',
        'LOCK_LOST.RELEASED': 'Your edit lock was released.',
        'LOCK_LOST.FORCE_RELEASED': info => `An administrator${byWhom(info)} released your edit lock.`,
        'LOCK_LOST.IDLE': 'Your edit lock was released because nothing happened on this page for a while.',
        'LOCK_LOST.HANDED_OVER': info => info.by ? `You handed this record over to ${info.by}.` : 'You handed this record over.',
        'expiring.title': 'Still editing?',
        'expiring.IDLE': info => `Nothing happened on this page for a while, so your edit lock will be released at ${clockTime(info.expiresAt, 'en')}.`,
        'expiring.MAX_HOLD': info => `Your edit lock ends at ${clockTime(info.expiresAt, 'en')}, the longest time one person may hold it: save your work before then.`,
        'expiring.keep': "I'm still editing",
        'reserved.title': "It's your turn: edit now",
        'reserved.text': info => `The record is held for you until ${clockTime(info.until, 'en')}.`,
        'reserved.take': 'Edit now',
        'reserved.pass': 'Let the next one have it',
        'handover.title': info => `${info.from?.username || 'Someone'} asks you to hand this record over`,
        'handover.note': 'Accepting releases your edit lock without saving; your unsaved text stays on the page.',
        'handover.accept': 'Accept and hand over',
        'handover.decline': 'Decline',
        'handover.accepted': 'Your request was accepted: the record is being handed over to you.',
        'handover.declined': 'Your request to take over was declined.',
        'prompt.ok': 'OK',
        'modal.title': 'You have been signed out',
        'modal.titleExpired': 'Your session expired',
        'modal.reason': 'Reason: ',
        'modal.at': info => `At ${new Date(info.at).toLocaleString('en')}.`,
        'modal.note': 'Anything you had not saved is still on this page: copy it before you leave.',
        'modal.stay': 'Stay on this page',
        'modal.signIn': 'Sign in again',
        reason: info => `Reason: ${info.reason}`,
        signedOutReadOnly: 'You are signed out, so this editor is read-only.',
        copied: 'Copied to the clipboard.',
        copyByHand: 'Select the text and copy it.',
        'faces.held.before': info => `You are editing. Others see the ${info.noun} as locked by you since `,
        'faces.held.after': '.',
        'faces.heldByOther.before': info => ` is editing this ${info.noun} since `,
        'faces.heldByOther.after': '. You can read it meanwhile.',
        'faces.notHeld': info => `You do not hold the edit lock of this ${info.noun}: reload the page to edit it.`,
        'faces.unavailable': 'Editing is unavailable for a moment, so this editor is read-only: reload the page shortly.',
        'faces.lostNote': 'Your unsaved text is still below: copy it before you leave.',
        'faces.copy': 'Copy my text',
        heartbeatFailed: 'Your edit lock could not be renewed just now; retrying. Save soon, or copy your text.',
    },
    'zh-CN': {
        KICKED: info => `您已被管理员${byWhomZh(info)}强制下线。`,
        REPLACED: '您的账号已在其他设备登录，当前会话已关闭。',
        LOGGED_OUT: '您已在此窗口或其他窗口中退出登录。',
        TOKEN_EXPIRED: '登录已过期：长时间未操作，或已达到会话最长时限。',
        TOKEN_MISSING: '您尚未登录。',
        SESSION_ENDED: '您的会话已失效。',
        'LOCK_LOST.EXPIRED': '您的编辑锁已过期。',
        'LOCK_LOST.TAKEN': '这条记录已被再次打开编辑（在另一个标签页或窗口中，或在你的锁结束之后），此页现为只读。',
        'LOCK_LOST.RELEASED': '您的编辑锁已释放。',
        'LOCK_LOST.FORCE_RELEASED': info => `编辑锁已被管理员${byWhomZh(info)}释放。`,
        'LOCK_LOST.IDLE': '此页面长时间无操作，您的编辑锁已释放。',
        'LOCK_LOST.HANDED_OVER': info => info.by ? `您已将这条记录交给 ${info.by} 编辑。` : '您已将这条记录交给他人编辑。',
        'expiring.title': '还在编辑吗？',
        'expiring.IDLE': info => `此页面已有一段时间无操作，您的编辑锁将于 ${clockTime(info.expiresAt, 'zh-CN')} 释放。`,
        'expiring.MAX_HOLD': info => `您的编辑锁将于 ${clockTime(info.expiresAt, 'zh-CN')} 到期（单次持有的最长时限），请在此之前保存。`,
        'expiring.keep': '我还在编辑',
        'reserved.title': '轮到您了：现在编辑',
        'reserved.text': info => `这条记录为您保留到 ${clockTime(info.until, 'zh-CN')}。`,
        'reserved.take': '现在编辑',
        'reserved.pass': '让给下一位',
        'handover.title': info => `${info.from?.username || '有人'} 请求您交出这条记录的编辑权`,
        'handover.note': '接受后您的编辑锁将被释放（不会保存），尚未保存的内容仍保留在页面上。',
        'handover.accept': '接受并交出',
        'handover.decline': '拒绝',
        'handover.accepted': '您的请求已被接受，这条记录正在转交给您。',
        'handover.declined': '您的接手请求被拒绝了。',
        'prompt.ok': '知道了',
        'modal.title': '您已被强制下线',
        'modal.titleExpired': '登录已过期',
        'modal.reason': '原因：',
        'modal.at': info => `时间：${new Date(info.at).toLocaleString('zh-CN')}。`,
        'modal.note': '尚未保存的内容仍在此页面上，离开前请先复制。',
        'modal.stay': '留在此页',
        'modal.signIn': '重新登录',
        reason: info => `原因：${info.reason}`,
        signedOutReadOnly: '登录已失效，编辑器现为只读。',
        copied: '已复制到剪贴板。',
        copyByHand: '请选中文字后手动复制。',
        'faces.held.before': '您正在编辑，其他人自 ',
        'faces.held.after': ' 起只能查看。',
        'faces.heldByOther.before': ' 自 ',
        'faces.heldByOther.after': ' 起正在编辑，您可以先查看。',
        'faces.notHeld': '您没有这条记录的编辑锁，请刷新页面后再编辑。',
        'faces.unavailable': '暂时无法编辑，此编辑器为只读：请稍后刷新页面。',
        'faces.lostNote': '尚未保存的内容仍在下方，离开前请先复制。',
        'faces.copy': '复制我的内容',
        heartbeatFailed: '编辑锁暂时无法续期，正在重试。请尽快保存，或先复制您的内容。',
    },
};

/**
 * Adds a language to the client's own texts (before the client is created): `language` is its tag
 * (e.g. `'ja'`), `texts` its words by the keys of `TEXTS.en`; a key left out reads in English. A
 * browser whose languages list it (by primary subtag) then gets it from {@link clientLanguage}.
 */
export function addClientLanguage(language, texts) {
    TEXTS[language] = { ...TEXTS.en, ...texts };
}

/** Simplified Chinese tags: `zh`, `zh-CN`, `zh-SG`, `zh-Hans` and `zh-Hans-*`. */
const SIMPLIFIED_CHINESE = /^zh(-(cn|sg|hans)(-.*)?)?$/i;

/**
 * The language of the client's texts: the first of the browser's languages it has (`'zh-CN'` for
 * Simplified Chinese, `'en'` for any English, or one added by {@link addClientLanguage}), else `'en'`. Traditional Chinese (zh-TW, zh-HK,
 * zh-Hant) is not matched, so the browser's next choice counts.
 */
export function clientLanguage(languages = globalThis.navigator?.languages?.length
    ? navigator.languages : [globalThis.navigator?.language || 'en']) {
    for (const tag of languages) {
        if (/^en(-|$)/i.test(tag)) {
            return 'en';
        }
        if (SIMPLIFIED_CHINESE.test(tag) && !/^zh-hans?-(tw|hk|mo)$/i.test(tag)) {
            return 'zh-CN';
        }
        const primary = tag.split('-')[0].toLowerCase();
        const added = primary === 'zh' ? undefined
            : Object.keys(TEXTS).find(language => language.split('-')[0].toLowerCase() === primary);
        if (added) {
            return added;
        }
    }
    return 'en';
}

/**
 * A text of the client: the host's `messages[key]` if given, else the client's own in `language`
 * (default: {@link clientLanguage}). `info` is what a function value is called with.
 */
export function clientText(key, info = {}, { messages = {}, language = clientLanguage() } = {}) {
    const text = messages[key] ?? (TEXTS[language] || TEXTS.en)[key] ?? TEXTS.en[key];
    return typeof text === 'function' ? text(info) : text;
}

/** A failed call: the HTTP status and the problem+json body (`problem.code`, ...). */
export class KickoutError extends Error {
    constructor(status, problem) {
        super(problem.detail || problem.title || `HTTP ${status}`);
        this.name = 'KickoutError';
        this.status = status;
        this.code = problem.code;
        this.problem = problem;
    }
}

const SESSION_END_CODES = new Set(['KICKED', 'REPLACED', 'LOGGED_OUT', 'TOKEN_EXPIRED', 'TOKEN_MISSING']);

/**
 * Why a session ended, in words for a person. `info` is a FORCE_LOGOUT or SESSION_EXPIRED event, or a
 * 401 problem; `texts` is `{messages, language}` as for {@link clientText}. A host message for the
 * code wins, also for codes the client has no words of its own for.
 */
export function signedOutMessage(info, texts = {}) {
    const key = texts.messages?.[info.code] !== undefined || SESSION_END_CODES.has(info.code) ? info.code : 'SESSION_ENDED';
    return clientText(key, info, texts);
}

/**
 * Why an edit lock was lost, in words for a person. `info.cause` is `FORCE_RELEASED`, `EXPIRED`,
 * `RELEASED`, `TAKEN`, `IDLE` or `HANDED_OVER` (the LOCK_LOST reasons); `info.by` names the administrator
 * (`FORCE_RELEASED`) or the person it was handed over to (`HANDED_OVER`).
 */
export function lockLostMessage(info, texts = {}) {
    const cause = ['EXPIRED', 'TAKEN', 'RELEASED', 'IDLE', 'HANDED_OVER'].includes(info.cause) ? info.cause : 'FORCE_RELEASED';
    const messages = texts.messages || {};
    const own = messages[`LOCK_LOST.${cause}`] ?? messages.LOCK_LOST;
    return own !== undefined ? clientText('LOCK_LOST', info, { ...texts, messages: { LOCK_LOST: own } })
        : clientText(`LOCK_LOST.${cause}`, info, texts);
}

/** The discovered REST root of this deployment (one request per page), while it is being or was found. */
let discoveredRoot = null;

/**
 * The REST root: `explicit` (relative to this file), else the page's `<meta name="kickout-api">`
 * (relative to the page), else the module's answer at `api-root` beside this file. A failed
 * discovery is not kept: the next call asks again.
 */
export function resolveApiRoot(explicit) {
    if (explicit) {
        return Promise.resolve(new URL(explicit, import.meta.url));
    }
    const meta = globalThis.document?.querySelector('meta[name="kickout-api"]')?.getAttribute('content');
    if (meta) {
        return Promise.resolve(new URL(meta, document.baseURI));
    }
    if (!discoveredRoot) {
        discoveredRoot = fetch(new URL('api-root', import.meta.url), { cache: 'no-cache', credentials: 'same-origin' })
            .then(response => response.ok ? response.json()
                : Promise.reject(new Error(`kickout: api-root answered HTTP ${response.status}`)))
            .then(answer => new URL(answer.apiRoot, location.href))
            .catch(e => {
                discoveredRoot = null;
                throw e;
            });
    }
    return discoveredRoot;
}

/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing. */
export async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
        try {
            await navigator.clipboard.writeText(text);
            return true;
        } catch (e) {
            // permission refused (e.g. headless or unfocused page): try the old way
        }
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
}

/** Unsaved input kept in `localStorage`, so it survives a sign-out and can be offered back later. */
export const drafts = {
    save(key, value) {
        localStorage.setItem(`kickout.draft.${key}`, JSON.stringify({ value, at: new Date().toISOString() }));
    },
    load(key) {
        const raw = localStorage.getItem(`kickout.draft.${key}`);
        return raw ? JSON.parse(raw) : null;
    },
    clear(key) {
        localStorage.removeItem(`kickout.draft.${key}`);
    },
};

/**
 * One signed-in browser session against a Kickout REST root.
 *
 * Options: `apiRoot` (default: found by itself, see the top of this file), `signInUrl` (the modal's
 * "Sign in again" link, default the site root), `modal` (false: no built-in modal, listen to
 * `signedout` yourself), `pollSeconds` (fallback polling period, default 10), `deviceType`,
 * `credentials` (`'bearer'`, the default, or `'cookie'`), `csrfCookie` (default `KICKOUT_CSRF`),
 * `messages` (the host's own texts by code, see {@link clientText}), `language` (`'zh-CN'` or `'en'`,
 * default by the browser; when given, calls also send it as `Accept-Language`, so problem details match).
 */
export class KickoutClient {
    #apiRoot;
    #signInUrl;
    #modal;
    #pollMs;
    #listeners = new Map();
    #source = null;
    #lastEventId = null;
    #connecting = false;
    #backoff = 500;
    #reconnectTimer = null;
    #pollTimer = null;
    #stopped = true;
    #signedOut = null;
    #cookie;
    #csrfCookie;
    #language;

    constructor(options = {}) {
        this.#cookie = options.credentials === 'cookie';
        this.#csrfCookie = options.csrfCookie || 'KICKOUT_CSRF';
        this.#apiRoot = options.apiRoot ? resolveApiRoot(options.apiRoot) : null;
        this.#signInUrl = options.signInUrl || new URL('../', import.meta.url).href;
        this.#modal = options.modal !== false;
        this.#pollMs = (options.pollSeconds || 10) * 1000;
        this.#language = options.language;
        this.texts = Object.freeze({ messages: options.messages || {}, language: options.language || clientLanguage() });
    }

    /** Resolves to the REST root this client calls (a URL). */
    apiRoot() {
        this.#apiRoot ??= resolveApiRoot();
        return this.#apiRoot.catch(e => {
            this.#apiRoot = null;
            throw e;
        });
    }

    /** The stored session (`{token, session}`) or null. */
    get stored() {
        const raw = localStorage.getItem(SESSION_KEY);
        return raw ? JSON.parse(raw) : null;
    }

    /** The session view of the login (`userId`, `username`, `deviceType`, ...), or null when signed out. */
    get session() {
        return this.stored?.session ?? null;
    }

    get signedIn() {
        return (this.#cookie ? this.csrfToken !== null : this.stored !== null) && this.#signedOut === null;
    }

    /** Cookie mode: the session's CSRF token (from the `KICKOUT_CSRF` cookie), or null. */
    get csrfToken() {
        for (const part of document.cookie.split(';')) {
            const [name, ...value] = part.trim().split('=');
            if (name === this.#csrfCookie && value.length) {
                return value.join('=') || null;
            }
        }
        return null;
    }

    /** Why this session ended (a FORCE_LOGOUT event or 401 problem), or null while it lives. */
    get endedBecause() {
        return this.#signedOut;
    }

    /** A random id for this browser, kept across logins (the API's `clientId`). */
    get clientId() {
        let id = localStorage.getItem(CLIENT_ID_KEY);
        if (!id) {
            id = crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
            localStorage.setItem(CLIENT_ID_KEY, id);
        }
        return id;
    }

    /** Signs in; answers `{token, session, replaced}`. Throws KickoutError (BAD_CREDENTIALS, ...). */
    async login(username, password, deviceType = 'web') {
        if (this.#cookie) {
            throw new Error('Cookie mode signs in through a form: POST auth/login as application/x-www-form-urlencoded');
        }
        const answer = await this.call('POST', 'auth/login',
            { body: { username, password, deviceType, clientId: this.clientId }, anonymous: true });
        localStorage.setItem(SESSION_KEY, JSON.stringify({ token: answer.token, session: answer.session }));
        this.#signedOut = null;
        return answer;
    }

    /** Signs out (ends the session on the server) and forgets the token. */
    async logout() {
        this.disconnect();
        try {
            await this.call('POST', 'auth/logout', { quiet: true });
        } finally {
            localStorage.removeItem(SESSION_KEY);
        }
    }

    /**
     * Calls the REST API. `path` is relative to the REST root. Options: `body` (sent as JSON),
     * `lockToken` (X-Lock-Token), `keepalive` (survives page unload), `anonymous` (no token),
     * `quiet` (a 401 does not end the session here). Answers the parsed JSON, or null for 204.
     */
    async call(method, path, options = {}) {
        const headers = { Accept: 'application/json' };
        if (this.#language) {
            headers['Accept-Language'] = this.#language;
        }
        const stored = this.stored;
        if (this.#cookie) {
            const csrf = this.csrfToken;
            if (csrf && !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) {
                headers['X-CSRF-Token'] = csrf;
            }
        } else if (!options.anonymous && stored) {
            headers.Authorization = `Bearer ${stored.token}`;
        }
        if (options.lockToken) {
            headers['X-Lock-Token'] = options.lockToken;
        }
        if (options.body !== undefined) {
            headers['Content-Type'] = 'application/json';
        }
        const root = await this.apiRoot();
        const signal = options.timeoutMs && globalThis.AbortSignal?.timeout ? AbortSignal.timeout(options.timeoutMs) : undefined;
        const response = await fetch(new URL(path, root), {
            method, headers, keepalive: !!options.keepalive, cache: 'no-store', signal,
            ...(this.#cookie ? { credentials: 'same-origin' } : {}),
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const text = await response.text();
        const json = text ? JSON.parse(text) : null;
        if (response.ok) {
            return json;
        }
        const problem = json && typeof json === 'object' ? json : { status: response.status };
        if (response.status === 401 && !options.anonymous && !options.quiet) {
            this.#end(problem);
        }
        throw new KickoutError(response.status, problem);
    }

    /**
     * Listens to the server's events (`FORCE_LOGOUT`, `SESSION_EXPIRED`, `EDIT_LOCK_RELEASED`, `LOCK_AVAILABLE`,
     * `RECONNECT`, `LOCK_EXPIRING`, `LOCK_QUEUE`, `LOCK_RESERVED`, `HANDOVER_REQUESTED`, `HANDOVER_ANSWERED`) and the
     * client's own: `signedout`, `connection`, `poll`, `heartbeatfailed` (`{type, id, status, code, message, error}`:
     * `status` 0 for a network error or timeout), `heartbeatrestored` (`{type, id}`) and `room` (a lock's room, see
     * {@link EditLock#enter}).
     */
    on(type, handler) {
        if (!this.#listeners.has(type)) {
            this.#listeners.set(type, new Set());
        }
        this.#listeners.get(type).add(handler);
        return () => this.#listeners.get(type).delete(handler);
    }

    /** Opens the event stream (and keeps it open) for the stored session. */
    connect() {
        if (!this.#cookie && !this.stored) {
            this.#end({ code: 'TOKEN_MISSING' });
            return;
        }
        this.#stopped = false;
        this.#open();
    }

    /** Closes the event stream and stops polling. */
    disconnect() {
        this.#stopped = true;
        this.#source?.close();
        this.#source = null;
        clearTimeout(this.#reconnectTimer);
        this.#stopPolling();
    }

    /** Id of the last event received, which a reconnect sends so that missed events are replayed. */
    get lastEventId() {
        return this.#lastEventId;
    }

    /** State of the event stream: `open`, `connecting`, `down` or `closed`. */
    get connection() {
        if (this.#stopped) {
            return 'closed';
        }
        if (this.#source?.readyState === EventSource.OPEN) {
            return 'open';
        }
        return this.#pollTimer ? 'down' : 'connecting';
    }

    /** An edit lock on one record; see {@link EditLock}. */
    editLock(type, id, options = {}) {
        return new EditLock(this, type, id, options);
    }

    async #open() {
        if (this.#stopped || this.#connecting) {
            return;
        }
        this.#connecting = true;
        try {
            // cookie mode: the stream opens with the session cookie, no ticket needed
            const ticket = this.#cookie ? null : (await this.call('POST', 'events/ticket')).ticket;
            if (this.#stopped) {
                return;
            }
            const url = new URL('events', await this.apiRoot());
            if (ticket) {
                url.searchParams.set('ticket', ticket);
            }
            if (this.#lastEventId) {
                url.searchParams.set('lastEventId', this.#lastEventId);
            }
            const source = new EventSource(url);
            this.#source = source;
            source.onopen = () => {
                this.#backoff = 500;
                this.#stopPolling();
                this.#emit('connection', { state: 'open' });
            };
            source.onerror = () => this.#streamFailed(source);
            for (const type of EVENT_TYPES) {
                source.addEventListener(type, event => this.#received(type, event));
            }
        } catch (e) {
            if (!(e instanceof KickoutError && e.status === 401)) {
                this.#streamFailed(null);
            }
        } finally {
            this.#connecting = false;
        }
    }

    #received(type, event) {
        // only an id of the server's form is kept: the server answers 400 to any other, and an
        // EventSource refused that way never opens, so the client would retry it forever
        if (EVENT_ID.test(event.lastEventId)) {
            this.#lastEventId = event.lastEventId;
        }
        const data = event.data ? JSON.parse(event.data) : {};
        if (type === 'FORCE_LOGOUT' || type === 'SESSION_EXPIRED') {
            this.#end(data);
        }
        this.#emit(type, data);
        if (type === 'RECONNECT') {
            this.#reconnectNow(event.target);
        }
    }

    /** The server ends a stream at its maximum age: reopen at once with a fresh ticket and the last event id. */
    #reconnectNow(source) {
        source.close();
        if (source !== this.#source || this.#stopped) {
            return;
        }
        this.#source = null;
        clearTimeout(this.#reconnectTimer);
        this.#emit('connection', { state: 'connecting' });
        this.#open();
    }

    /** The browser would retry with the spent ticket: close, poll meanwhile, reopen with a new ticket. */
    #streamFailed(source) {
        source?.close();
        if (source && source !== this.#source) {
            return;
        }
        this.#source = null;
        if (this.#stopped) {
            return;
        }
        this.#emit('connection', { state: 'down' });
        this.#startPolling();
        clearTimeout(this.#reconnectTimer);
        this.#reconnectTimer = setTimeout(() => this.#open(), this.#backoff);
        this.#backoff = Math.min(this.#backoff * 2, MAX_BACKOFF_MS);
    }

    #startPolling() {
        if (!this.#pollTimer) {
            this.#pollTimer = setInterval(() => this.#poll(), this.#pollMs);
        }
    }

    #stopPolling() {
        clearInterval(this.#pollTimer);
        this.#pollTimer = null;
    }

    async #poll() {
        try {
            await this.call('GET', 'auth/status');
            this.#emit('poll', {});
        } catch (e) {
            // a 401 already ended the session; anything else: try again next period
        }
    }

    #end(info) {
        if (this.#signedOut) {
            return;
        }
        this.#signedOut = info;
        this.disconnect();
        localStorage.removeItem(SESSION_KEY);
        this.#emit('signedout', info);
        if (this.#modal) {
            showSignedOutModal(info, this.#signInUrl, this.texts);
        }
    }

    /** Tells this client's listeners of `type` (as the client does for events it receives). */
    emit(type, data) {
        this.#emit(type, data);
    }

    #emit(type, data) {
        for (const handler of this.#listeners.get(type) || []) {
            try {
                handler(data);
            } catch (e) {
                console.error('kickout: a handler of', type, 'failed', e);
            }
        }
    }
}

/**
 * Whether a lock event (`fence`, `at`) is about a holding older than the one held now (`fence`, `since`):
 * fences are compared when both are known, else times.
 */
export function olderThanHolding(data, fence, since) {
    if (data.fence !== undefined && data.fence !== null && fence !== undefined && fence !== null) {
        return Number(data.fence) < Number(fence);
    }
    return !!(data.at && since && new Date(data.at) < new Date(since));
}

/** The most `idleSeconds` a heartbeat reports (the server's bound). */
const MAX_IDLE_SECONDS = 86400;
/** What counts as the person being at work on the page. */
const ACTIVITY_EVENTS = ['input', 'keydown', 'pointerdown', 'pointermove'];
/** Activity is noted at most this often (a moving pointer fires many events). */
const ACTIVITY_THROTTLE_MS = 1000;
/** Presence is renewed this often when neither the server nor the host says otherwise. */
const DEFAULT_PRESENCE_SECONDS = 30;
/** `EDIT_LOCK_RELEASED` reasons that are causes (inactivity, hand-over, max-hold), not an administrator's words. */
const RELEASE_CAUSES = new Set(['IDLE', 'HANDED_OVER', 'EXPIRED']);

/**
 * When the person last typed, clicked or moved the pointer on this page ({@link pageActivity}): one set of
 * listeners per page, shared by its locks, installed on first use. Only the browser's own (trusted) events
 * count, and a pointer that moves; the page's load counts as the first activity.
 */
class PageActivity {
    #lastAt = Date.now();
    #listeners = new Set();
    #installed = false;
    #pointer = '';

    /** Milliseconds since the epoch of the last activity. */
    get lastAt() {
        this.#install();
        return this.#lastAt;
    }

    /** Whole seconds since the last activity, as a heartbeat reports them (0..86400). */
    idleSeconds(now = Date.now()) {
        return Math.min(MAX_IDLE_SECONDS, Math.max(0, Math.floor((now - this.lastAt) / 1000)));
    }

    /** Notes activity now (e.g. a click the page handled itself). */
    markActive() {
        this.#lastAt = Date.now();
        this.#notify();
    }

    /** Calls `listener()` on activity (at most once a second); answers the function that stops it. */
    onActive(listener) {
        this.#install();
        this.#listeners.add(listener);
        return () => this.#listeners.delete(listener);
    }

    #install() {
        if (this.#installed || !globalThis.document) {
            return;
        }
        this.#installed = true;
        for (const type of ACTIVITY_EVENTS) {
            document.addEventListener(type, event => this.#seen(event), { capture: true, passive: true });
        }
    }

    #seen(event) {
        if (!event.isTrusted || this.#pointerStill(event)) {
            return;
        }
        const now = Date.now();
        if (now - this.#lastAt < ACTIVITY_THROTTLE_MS) {
            return;
        }
        this.#lastAt = now;
        this.#notify();
    }

    /**
     * A `pointermove` where the pointer did not move: the browser sends one when the page changes under a
     * resting pointer (a prompt appearing beneath it), which is no sign of the person.
     */
    #pointerStill(event) {
        if (!event.type.startsWith('pointer')) {
            return false;
        }
        const at = `${event.screenX},${event.screenY}`;
        const still = event.type === 'pointermove' && at === this.#pointer;
        this.#pointer = at;
        return still;
    }

    #notify() {
        for (const listener of [...this.#listeners]) {
            try {
                listener();
            } catch (e) {
                console.error('kickout: an activity listener failed', e);
            }
        }
    }
}

/** The person's activity on this page: `lastAt`, `idleSeconds()`, `markActive()`, `onActive(listener)`. */
export const pageActivity = new PageActivity();

/**
 * An edit lock held (or wanted) by this session, with the record's waiting queue, hand-over requests and
 * the people who have the record open. See `docs/guide/browser-client.md` for the whole story.
 *
 * Options (all optional):
 * - `onLost(info)`: the lock is gone; `info` has `cause` (FORCE_RELEASED, EXPIRED, RELEASED, TAKEN, IDLE,
 *   HANDED_OVER), `by` (the administrator, or whom it was handed over to), `reason` (the administrator's
 *   words), `at` and `message`;
 * - `onAcquired(view)`: after every acquire that went through, also one the lock made by itself (a
 *   reservation taken from its prompt or with `autoTake`);
 * - `onAvailable()`, `onHeartbeatFailed(info)`, `onHeartbeatRestored()`: as before (`waitUntilAvailable()`,
 *   a heartbeat that failed for a reason other than LOCK_LOST, the first one through after failures);
 * - `onExpiring(info)` replaces the "Still editing?" prompt: `info` is the `LOCK_EXPIRING` event with
 *   `message` and `keepEditing()`; `onKept()` then says that activity was reported and the warning is over;
 * - `onQueue(place)`: this session's place in the queue changed (`{position, size}`), or `null` when out of it;
 * - `onReserved(info)` replaces the "It's your turn" prompt: `info` has `until`, `message`, `take()` and
 *   `pass()`; `autoTake: true` takes the lock at once instead; `onReservationEnded()` says that a
 *   reservation ran out or was taken;
 * - `onHandoverRequested(request)` replaces the holder's hand-over prompt: `request` has `requestId`,
 *   `from` (`{userId, username}`), `message`, `accept()` and `decline()`;
 * - `onHandoverAnswered(answer)` replaces the requester's notice: `{requestId, accepted, message}`;
 * - `onRoom(room)`: who has the record open, after every presence call (see {@link EditLock#enter});
 * - `prompts: false`: no built-in prompt at all; `presenceSeconds`: how often presence is renewed (default:
 *   the lock's heartbeat period once acquired, else 30 s).
 */
export class EditLock {
    #client;
    #options;
    #heartbeat = null;
    #unsubscribe = [];
    #waiters = [];
    #failing = false;
    #periodMs = 30000;
    /** The last activity the server knows of (reported by a heartbeat, or the acquire). */
    #reportedAt = 0;
    #expiring = null;
    #reservation = null;
    #requests = new Map();
    /** Whom an accepted hand-over is going to, while the answer is on its way (its release event may come first). */
    #handingTo = null;
    /** The heartbeat on its way (`{activeAt, done}`), or null. */
    #beating = null;
    #answered = null;
    #present = false;
    #roomTimer = null;
    #roomCalls = 0;
    #queueChanges = 0;
    #pageHide = () => this.leave({ keepalive: true });
    #pageShow = event => event.persisted && this.enter();

    constructor(client, type, id, options) {
        this.#client = client;
        this.type = type;
        this.id = id;
        this.#options = options;
        this.view = null;
        this.token = null;
        /** This session's place in the queue (`{position, size}`), or null when not in it. */
        this.place = null;
        /** The last room the server answered (see {@link EditLock#enter}), or null. */
        this.room = null;
        const on = (event, handler) => client.on(event, data => this.#matches(data) && handler(data));
        this.#unsubscribe.push(
            on('EDIT_LOCK_RELEASED', data => !this.#olderThanHolding(data) && this.#lost(this.#releaseInfo(data))),
            on('LOCK_AVAILABLE', () => this.#available()),
            on('LOCK_EXPIRING', data => this.#expiringSoon(data)),
            on('LOCK_QUEUE', data => this.#queued(data)),
            on('LOCK_RESERVED', data => this.#reserved(data)),
            on('HANDOVER_REQUESTED', data => this.#handoverRequested(data)),
            on('HANDOVER_ANSWERED', data => this.#handoverAnswered(data)),
            client.on('poll', () => this.#poll()),
            client.on('signedout', () => this.#signedOut()));
    }

    get path() {
        return `locks/${encodeURIComponent(this.type)}/${encodeURIComponent(this.id)}`;
    }

    get held() {
        return this.token !== null;
    }

    /** Until when the record is held for this session (ISO instant), or null. */
    get reservedUntil() {
        return this.#reservation?.until ?? null;
    }

    /** Acquires (or renews) the lock and starts heartbeats. Throws KickoutError 423 LOCK_HELD with `problem.holder`. */
    async acquire() {
        const view = await this.#client.call('POST', this.path);
        this.view = view;
        this.token = view.lockToken;
        this.#reportedAt = Date.now();
        clearInterval(this.#heartbeat);
        this.#periodMs = Math.max(1, view.heartbeatSeconds || 30) * 1000;
        this.#heartbeat = setInterval(() => this.#beat(), this.#periodMs);
        this.#endReservation();
        this.#answered?.close();
        this.#setPlace(null);
        this.#options.onAcquired?.(view);
        this.#refreshRoom();
        return view;
    }

    /** The lock as anyone sees it (holder, since), or null when nobody holds it. */
    async look() {
        try {
            return await this.#client.call('GET', this.path);
        } catch (e) {
            if (e instanceof KickoutError && e.code === 'NOT_LOCKED') {
                return null;
            }
            throw e;
        }
    }

    /** Resolves when the holder lets go (LOCK_AVAILABLE, or a poll finding it free while events are down). */
    waitUntilAvailable() {
        return new Promise(resolve => this.#waiters.push(resolve));
    }

    /** Releases the lock. `keepalive`: also works while the page unloads. */
    async release({ keepalive = false } = {}) {
        const token = this.token;
        this.#stop();
        if (token) {
            try {
                await this.#client.call('DELETE', this.path, { lockToken: token, keepalive, quiet: keepalive });
            } catch (e) {
                // already gone (lost, expired, session ended): nothing left to release
            }
        }
        if (!keepalive) {
            this.#refreshRoom();
        }
    }

    /**
     * The answer to "Still editing?": notes activity and sends a heartbeat at once (`idleSeconds=0`), which
     * moves the time of release for inactivity. Resolves to whether the heartbeat went through.
     */
    keepEditing() {
        pageActivity.markActive();
        return this.#beat();
    }

    /**
     * Joins the record's waiting queue; resolves to the place (`{position, size, reservedUntil}`). Joining
     * twice keeps the first place. A free record with nobody ahead is reserved for this session at once.
     * Throws KickoutError 409 ALREADY_HOLDER, 409 QUEUE_FULL, 403 LOCK_FORBIDDEN.
     */
    async joinQueue() {
        const change = ++this.#queueChanges;
        const place = await this.#client.call('POST', `${this.path}/queue`);
        if (change === this.#queueChanges) {
            this.#placed(place);
        }
        this.#refreshRoom();
        return place;
    }

    /** Leaves the queue (and passes on a reservation held for this session); nothing happens when not in it. */
    async leaveQueue() {
        ++this.#queueChanges;
        this.#endReservation();
        this.#setPlace(null);
        await this.#client.call('DELETE', `${this.path}/queue`);
        this.#refreshRoom();
    }

    /**
     * Asks the holder to hand the record over (`message`: up to 280 characters, shown to the holder); this
     * session must be in the queue. Resolves to `{requestId}`; the answer comes as `onHandoverAnswered`, and
     * on acceptance the reservation as `onReserved`. Throws KickoutError 409 NOT_WAITING, 404 NOT_LOCKED,
     * 429 TOO_MANY_ATTEMPTS.
     */
    askHandover(message = '') {
        return this.#client.call('POST', `${this.path}/handover`, { body: { message } });
    }

    /**
     * The holder's answer to a hand-over request. Accepting releases the lock without saving (the page's
     * `onLost` is called with cause HANDED_OVER) and the requester gets the record next.
     */
    async answerHandover(requestId, accept) {
        const request = this.#requests.get(requestId);
        this.#handingTo = accept ? request?.from?.username ?? null : null;
        try {
            const answer = await this.#client.call('POST', `${this.path}/handover/${encodeURIComponent(requestId)}`,
                { body: { accept: !!accept }, lockToken: this.token });
            this.#closeRequest(requestId);
            if (answer.accepted) {
                this.#lost({ cause: 'HANDED_OVER', by: request?.from?.username ?? null, reason: null,
                    at: new Date().toISOString() });
            }
            return answer;
        } catch (e) {
            if (e instanceof KickoutError && e.code === 'NOT_FOUND') {
                this.#closeRequest(requestId);
            }
            this.handle(e);
            throw e;
        } finally {
            this.#handingTo = null;
        }
    }

    /**
     * Says that this page shows the record, and keeps saying it once per heartbeat period until
     * {@link EditLock#leave} (or the page is hidden: `pagehide` leaves with `keepalive`). Each answer is the
     * room, `{type, id, lock, reservedFor, place, viewers: [{userId, username, since, role, self}]}`, given to
     * `onRoom` and fired as `room` on the client. Resolves to the first room (null if that call failed).
     */
    enter() {
        if (!this.#present) {
            this.#present = true;
            globalThis.addEventListener?.('pagehide', this.#pageHide);
            globalThis.removeEventListener?.('pageshow', this.#pageShow);
        }
        return this.#refreshRoom();
    }

    /** Says that this page no longer shows the record (which also leaves the queue). `keepalive`: while unloading. */
    async leave({ keepalive = false } = {}) {
        if (!this.#present) {
            return;
        }
        this.#present = false;
        clearTimeout(this.#roomTimer);
        globalThis.removeEventListener?.('pagehide', this.#pageHide);
        // back from the browser's page cache: the room is entered again
        globalThis.addEventListener?.('pageshow', this.#pageShow);
        try {
            await this.#client.call('DELETE', `${this.path}/presence`, { keepalive, quiet: keepalive });
        } catch (e) {
            // the session ended or the server is away: the presence lapses by itself
        }
    }

    /** Tells the lock about a failed call made with its token: a LOCK_LOST answer (e.g. to a save) ends it. */
    handle(error) {
        if (error instanceof KickoutError && error.code === 'LOCK_LOST') {
            this.#lost({ cause: error.problem.reason, by: error.problem.by, reason: null, at: null });
            return true;
        }
        return false;
    }

    /** Stops listening, heartbeats and presence (without telling the server); call when the editor closes. */
    close() {
        this.#stop();
        this.#endReservation();
        this.#answered?.close();
        this.#present = false;
        clearTimeout(this.#roomTimer);
        globalThis.removeEventListener?.('pagehide', this.#pageHide);
        globalThis.removeEventListener?.('pageshow', this.#pageShow);
        this.#unsubscribe.forEach(unsubscribe => unsubscribe());
        this.#waiters = [];
    }

    /**
     * A replayed release of an earlier holding must not end this one. The event names the holding it ended by
     * its fence, which grows with every new holding; times are not compared (an event replayed late used to
     * carry its delivery's time). An event without a fence (an older server) falls back on the times.
     */
    #olderThanHolding(data) {
        return olderThanHolding(data, this.view?.fence, this.view?.acquiredAt);
    }

    #matches(data) {
        return data.type === this.type && String(data.id) === String(this.id);
    }

    /** An `EDIT_LOCK_RELEASED` as `onLost` tells it: its `reason` is a cause (IDLE, HANDED_OVER) or an administrator's words. */
    #releaseInfo(data) {
        const cause = data.cause ?? (RELEASE_CAUSES.has(data.reason) ? data.reason : 'FORCE_RELEASED');
        const handedTo = cause !== 'HANDED_OVER' ? null : this.#handingTo
            ?? [...this.#requests.values()].find(request => request.from?.userId === data.by)?.from?.username;
        return { cause, by: handedTo ?? data.by, reason: cause === 'FORCE_RELEASED' ? data.reason : null, at: data.at };
    }

    /**
     * One heartbeat with the seconds since the person's last activity; resolves to whether it went through.
     * One still on its way that reports the same activity serves instead (a click is a pointer event and an answer).
     */
    #beat() {
        const activeAt = pageActivity.lastAt;
        if (this.#beating && this.#beating.activeAt >= activeAt) {
            return this.#beating.done;
        }
        const done = this.#beatNow(activeAt).finally(() => {
            if (this.#beating?.done === done) {
                this.#beating = null;
            }
        });
        this.#beating = { activeAt, done };
        return done;
    }

    async #beatNow(activeAt) {
        const token = this.token;
        if (!token) {
            return false;
        }
        try {
            this.view = await this.#client.call('PUT', `${this.path}/heartbeat?idleSeconds=${pageActivity.idleSeconds()}`,
                { lockToken: token, timeoutMs: Math.min(this.#periodMs, HEARTBEAT_TIMEOUT_MS) });
            this.#reportedAt = Math.max(this.#reportedAt, activeAt);
            if (this.#failing && this.token === token) {
                this.#failing = false;
                this.#options.onHeartbeatRestored?.();
                this.#client.emit('heartbeatrestored', { type: this.type, id: this.id });
            }
            this.#keptAfterWarning();
            return true;
        } catch (e) {
            if (!this.handle(e) && this.token === token) {
                this.#failing = true;
                const info = heartbeatFailure(this.type, this.id, e, this.#client.texts);
                this.#options.onHeartbeatFailed?.(info);
                this.#client.emit('heartbeatfailed', info);
            }
            return false;
        }
    }

    /**
     * `LOCK_EXPIRING`: activity the server has not heard of yet is reported at once, with no question; else
     * "Still editing?" (or `onExpiring`), where any activity also counts as the answer.
     */
    #expiringSoon(data) {
        if (!this.held) {
            return;
        }
        if (data.reason === 'IDLE' && pageActivity.lastAt > this.#reportedAt) {
            this.#beat();
            return;
        }
        this.#expiring?.close();
        const info = { ...data, message: clientText(`expiring.${data.reason === 'MAX_HOLD' ? 'MAX_HOLD' : 'IDLE'}`, data,
            this.#client.texts), keepEditing: () => this.keepEditing() };
        const idle = data.reason !== 'MAX_HOLD';
        const stopWatching = idle ? pageActivity.onActive(() => this.#beat()) : () => {};
        const prompt = this.#options.onExpiring || this.#options.prompts === false ? null
            : showLockPrompt('expiring', clientText('expiring.title', data, this.#client.texts), info.message,
                [idle ? { label: clientText('expiring.keep', data, this.#client.texts), primary: true, run: () => this.keepEditing() }
                    : { label: clientText('prompt.ok', data, this.#client.texts), run: () => this.#expiring?.close() }],
                this.#client.texts);
        this.#expiring = {
            idle,
            expiresAt: data.expiresAt,
            close: () => {
                stopWatching();
                prompt?.close();
                this.#expiring = null;
            },
        };
        this.#options.onExpiring?.(info);
    }

    /** A heartbeat after an inactivity warning that moved the time of release ends the warning. */
    #keptAfterWarning() {
        const warning = this.#expiring;
        if (!warning?.idle) {
            return;
        }
        const idleAt = this.view?.idleAt;
        if (!idleAt || !warning.expiresAt || new Date(idleAt) > new Date(warning.expiresAt)) {
            warning.close();
            this.#options.onKept?.();
        }
    }

    #placed(place) {
        this.#setPlace(place && place.position > 0 ? { position: place.position, size: place.size } : null);
        if (place?.reservedUntil) {
            this.#reserved({ type: this.type, id: this.id, until: place.reservedUntil });
        }
    }

    #queued(data) {
        if (!this.held) {
            this.#setPlace(data.position > 0 ? { position: data.position, size: data.size ?? this.place?.size ?? null } : null);
        }
    }

    #setPlace(place) {
        const before = this.place;
        this.place = place;
        if (before?.position !== place?.position || before?.size !== place?.size) {
            this.#options.onQueue?.(place);
        }
    }

    /** `LOCK_RESERVED`: the record is held for this session until `until`: take it (prompt, handler or at once). */
    #reserved(data) {
        if (this.held || this.#reservation?.until === data.until) {
            return;
        }
        this.#endReservation();
        this.#answered?.close();
        const take = () => this.#take();
        if (this.#options.autoTake) {
            this.#reservation = { until: data.until, close: () => {} };
            take();
            return;
        }
        const info = { ...data, message: clientText('reserved.text', data, this.#client.texts), take,
            pass: () => this.leaveQueue() };
        const prompt = this.#options.onReserved || this.#options.prompts === false ? null
            : showLockPrompt('reserved', clientText('reserved.title', data, this.#client.texts), info.message, [
                { label: clientText('reserved.take', data, this.#client.texts), primary: true, run: take },
                { label: clientText('reserved.pass', data, this.#client.texts), run: info.pass }], this.#client.texts);
        const timer = setTimeout(() => this.#reservationRanOut(), Math.max(0, new Date(data.until) - Date.now()));
        this.#reservation = {
            until: data.until,
            close: () => {
                clearTimeout(timer);
                prompt?.close();
            },
        };
        this.#options.onReserved?.(info);
        this.#refreshRoom();
    }

    /** Takes a reservation; one that was missed (423) leaves the page where the server says it is. */
    async #take() {
        try {
            return await this.acquire();
        } catch (e) {
            this.#endReservation();
            this.#refreshPlace();
            throw e;
        }
    }

    #reservationRanOut() {
        this.#endReservation();
        this.#refreshPlace();
    }

    #endReservation() {
        const reservation = this.#reservation;
        if (reservation) {
            this.#reservation = null;
            reservation.close();
            this.#options.onReservationEnded?.();
        }
    }

    async #refreshPlace() {
        try {
            const change = this.#queueChanges;
            const place = await this.#client.call('GET', `${this.path}/queue`);
            if (change === this.#queueChanges && !this.held) {
                this.#placed(place);
            }
        } catch (e) {
            // the next presence call brings the place again
        }
    }

    #handoverRequested(data) {
        if (!this.held) {
            return;
        }
        const request = {
            requestId: data.requestId, from: data.from, message: data.message || '',
            accept: () => this.answerHandover(data.requestId, true),
            decline: () => this.answerHandover(data.requestId, false),
        };
        this.#requests.get(data.requestId)?.close?.();
        const texts = this.#client.texts;
        const prompt = this.#options.onHandoverRequested || this.#options.prompts === false ? null
            : showLockPrompt('handover', clientText('handover.title', data, texts),
                [request.message ? `“${request.message}”` : null, clientText('handover.note', data, texts)], [
                    { label: clientText('handover.accept', data, texts), primary: true, run: request.accept },
                    { label: clientText('handover.decline', data, texts), run: request.decline }], texts);
        this.#requests.set(data.requestId, { ...request, close: () => prompt?.close() });
        this.#options.onHandoverRequested?.(request);
        this.#refreshRoom();
    }

    #closeRequest(requestId) {
        this.#requests.get(requestId)?.close();
    }

    #handoverAnswered(data) {
        const answer = { ...data, message: clientText(data.accepted ? 'handover.accepted' : 'handover.declined', data,
            this.#client.texts) };
        this.#answered?.close();
        if (!this.#options.onHandoverAnswered && this.#options.prompts !== false) {
            const prompt = showLockPrompt('answered', answer.message, null,
                [{ label: clientText('prompt.ok', data, this.#client.texts), run: () => prompt.close() }], this.#client.texts);
            this.#answered = { close: () => prompt.close() };
        }
        this.#options.onHandoverAnswered?.(answer);
        this.#refreshRoom();
    }

    /** One presence call (the room), then the next one a heartbeat period later while the page is present. */
    async #refreshRoom() {
        if (!this.#present) {
            return null;
        }
        clearTimeout(this.#roomTimer);
        const call = ++this.#roomCalls;
        const change = this.#queueChanges;
        let room = null;
        try {
            room = await this.#client.call('PUT', `${this.path}/presence`);
        } catch (e) {
            // a 401 ended the session (and the presence with it); anything else: next period
        }
        if (call !== this.#roomCalls || !this.#present) {
            return room;
        }
        if (room) {
            this.room = room;
            if (change === this.#queueChanges && !this.held && room.place) {
                this.#placed(room.place);
            }
            this.#options.onRoom?.(room);
            this.#client.emit('room', room);
        }
        const seconds = this.#options.presenceSeconds ?? room?.heartbeatSeconds ?? this.view?.heartbeatSeconds
            ?? DEFAULT_PRESENCE_SECONDS;
        this.#roomTimer = setTimeout(() => this.#refreshRoom(), Math.max(1, seconds) * 1000);
        return room;
    }

    async #poll() {
        try {
            if (this.held) {
                await this.#client.call('GET', this.path, { lockToken: this.token });
            } else if (this.#waiters.length && await this.look() === null) {
                this.#available();
            }
        } catch (e) {
            this.handle(e);
        }
    }

    #lost(info) {
        if (!this.held) {
            return;
        }
        this.#stop();
        this.#options.onLost?.({ ...info, message: lockLostMessage(info, this.#client.texts) });
        this.#refreshRoom();
    }

    #signedOut() {
        this.#stop();
        this.#endReservation();
        this.#present = false;
        clearTimeout(this.#roomTimer);
    }

    #available() {
        const waiters = this.#waiters;
        this.#waiters = [];
        waiters.forEach(resolve => resolve());
        this.#options.onAvailable?.();
    }

    #stop() {
        clearInterval(this.#heartbeat);
        this.#heartbeat = null;
        this.token = null;
        this.#expiring?.close();
        for (const request of this.#requests.values()) {
            request.close();
        }
        this.#requests.clear();
    }
}

/**
 * What a failed heartbeat tells its listeners: `status` (0 for a network error or a timeout), the
 * problem `code` if the server answered one, and `message`, words for a person.
 */
export function heartbeatFailure(type, id, error, texts = {}) {
    const status = error instanceof KickoutError ? error.status : 0;
    const code = error instanceof KickoutError ? error.code ?? null
        : error?.name === 'TimeoutError' || error?.name === 'AbortError' ? 'TIMEOUT' : 'NETWORK';
    return { type, id, status, code, message: clientText('heartbeatFailed', {}, texts), error };
}

/** Shows the modal that says why the session ended; the page underneath keeps its content. */
export function showSignedOutModal(info, signInUrl, texts = {}) {
    const say = key => clientText(key, info, texts);
    installStyle();
    document.querySelector('dialog.kickout-modal')?.remove();
    const dialog = document.createElement('dialog');
    dialog.className = 'kickout-modal';
    dialog.dataset.code = info.code || '';
    dialog.setAttribute('aria-labelledby', 'kickout-modal-title');
    dialog.lang = texts.language || clientLanguage();
    const title = element('h2', say(info.code === 'TOKEN_EXPIRED' ? 'modal.titleExpired' : 'modal.title'));
    title.id = 'kickout-modal-title';
    dialog.append(title, element('p', signedOutMessage(info, texts), 'kickout-modal-why'));
    if (info.reason) {
        const reason = element('p', '', 'kickout-modal-reason');
        reason.append(element('strong', say('modal.reason')), document.createTextNode(info.reason));
        dialog.append(reason);
    }
    if (info.at) {
        dialog.append(element('p', say('modal.at'), 'kickout-modal-at'));
    }
    dialog.append(element('p', say('modal.note'), 'kickout-modal-note'));
    const actions = element('div', '', 'kickout-modal-actions');
    const stay = element('button', say('modal.stay'));
    stay.type = 'button';
    stay.addEventListener('click', () => dialog.close());
    const signIn = element('a', say('modal.signIn'), 'kickout-modal-signin');
    signIn.href = signInUrl;
    actions.append(stay, signIn);
    dialog.append(actions);
    document.body.append(dialog);
    dialog.showModal();
    return dialog;
}

/**
 * Shows one of the edit lock's prompts ("Still editing?", "It's your turn", a hand-over request): a small
 * panel at the bottom of the window that leaves the page usable (not modal). `text` is a string, a list of
 * paragraphs or null; each action is `{label, primary, run}`, where `run` may answer a promise (the buttons
 * wait for it). Answers `{element, close()}`.
 */
export function showLockPrompt(kind, title, text, actions, texts = {}) {
    installStyle();
    let stack = document.querySelector('.kickout-prompts');
    if (!stack) {
        stack = element('div', '', 'kickout-prompts');
        document.body.append(stack);
    }
    const prompt = element('section', '', 'kickout-prompt');
    prompt.dataset.kind = kind;
    prompt.setAttribute('role', 'alertdialog');
    prompt.lang = texts.language || clientLanguage();
    const heading = element('h2', title, 'kickout-prompt-title');
    heading.id = `kickout-prompt-${kind}-${Date.now()}`;
    prompt.setAttribute('aria-labelledby', heading.id);
    prompt.append(heading);
    for (const paragraph of [].concat(text ?? []).filter(Boolean)) {
        prompt.append(element('p', paragraph, 'kickout-prompt-text'));
    }
    const row = element('div', '', 'kickout-prompt-actions');
    const buttons = actions.map(action => {
        const button = element('button', action.label, action.primary ? 'kickout-primary' : '');
        button.type = 'button';
        button.addEventListener('click', async () => {
            buttons.forEach(b => { b.disabled = true; });
            try {
                await action.run();
            } catch (e) {
                console.warn('kickout: a prompt action failed', e);
            } finally {
                buttons.forEach(b => { b.disabled = false; });
            }
        });
        return button;
    });
    row.append(...buttons);
    prompt.append(row);
    stack.append(prompt);
    buttons.find((b, i) => actions[i].primary)?.focus({ preventScroll: true });
    return { element: prompt, close: () => prompt.remove() };
}

function element(tag, text, className) {
    const node = document.createElement(tag);
    node.textContent = text;
    if (className) {
        node.className = className;
    }
    return node;
}

function installStyle() {
    if (document.getElementById('kickout-modal-style')) {
        return;
    }
    const style = document.createElement('style');
    style.id = 'kickout-modal-style';
    style.textContent = `
dialog.kickout-modal { max-width: 28rem; border: 0; border-radius: 8px; padding: 1.5rem;
  box-shadow: 0 10px 40px rgba(0,0,0,.35); font: 15px/1.45 system-ui, sans-serif; color: #222; }
dialog.kickout-modal::backdrop { background: rgba(20, 24, 32, .55); }
dialog.kickout-modal h2 { margin: 0 0 .75rem; font-size: 1.25rem; color: #b3261e; }
dialog.kickout-modal .kickout-modal-note { color: #555; font-size: .9rem; }
dialog.kickout-modal .kickout-modal-actions { display: flex; gap: .75rem; justify-content: flex-end; margin-top: 1rem; }
dialog.kickout-modal button, dialog.kickout-modal a { font: inherit; padding: .45rem .9rem; border-radius: 4px;
  border: 1px solid #888; background: #fff; color: #222; text-decoration: none; cursor: pointer; }
dialog.kickout-modal a { background: #1f5fbf; border-color: #1f5fbf; color: #fff; }
.kickout-prompts { position: fixed; right: 1rem; bottom: 1rem; z-index: 1000; display: flex; flex-direction: column;
  gap: .6rem; max-width: 24rem; }
.kickout-prompt { background: #fff; border: 1px solid #c9ced8; border-left: 4px solid #1f5fbf; border-radius: 8px;
  padding: .85rem 1rem; box-shadow: 0 6px 24px rgba(0,0,0,.2); font: 14px/1.45 system-ui, sans-serif; color: #222; }
.kickout-prompt[data-kind=expiring] { border-left-color: #e0a030; }
.kickout-prompt h2 { margin: 0 0 .35rem; font-size: 1rem; }
.kickout-prompt p { margin: .25rem 0; }
.kickout-prompt .kickout-prompt-actions { display: flex; gap: .5rem; justify-content: flex-end; margin-top: .6rem; flex-wrap: wrap; }
.kickout-prompt button { font: inherit; padding: .35rem .8rem; border-radius: 4px; border: 1px solid #888;
  background: #fff; color: #222; cursor: pointer; }
.kickout-prompt button.kickout-primary { background: #1f5fbf; border-color: #1f5fbf; color: #fff; }`;
    document.head.append(style);
}
