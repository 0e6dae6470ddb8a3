/**
 * The `<kickout:editLock>` component's own texts (the "Still editing?" prompt, the waiting line, the
 * hand-over, who else is here, and the banners of a lock released for inactivity or handed over), in
 * English and Simplified Chinese. A host's `messages` (the component's `messages` attribute) win,
 * then the client's own text of the key, if it has one; a language the client gained through
 * `addClientLanguage` and these texts lack reads in English. Values are strings or functions of
 * `info`; `info.noun` is the component's `noun` (the Chinese texts do not use it).
 */
import { clientText, lockLostMessage } from './kickout-client.js';

/** A time of day for a person, in the texts' language. */
const clock = (at, language) => at ? new Date(at).toLocaleTimeString(language) : '';

const FACES_TEXTS = {
    en: {
        'LOCK_LOST.IDLE': 'Your edit lock was released because nothing was typed or clicked here for a while.',
        'LOCK_LOST.HANDED_OVER': info => info.by ? `You handed the ${info.noun || 'record'} over to ${info.by}.`
            : `You handed the ${info.noun || 'record'} over.`,
        'faces.expiring.IDLE': info => `Still editing? Nothing was typed here for a while, so your edit lock will be released at ${clock(info.expiresAt, 'en')}.`,
        'faces.expiring.MAX_HOLD': info => `Your edit lock ends at ${clock(info.expiresAt, 'en')}: it has been held as long as allowed. Save soon.`,
        'faces.stillEditing': 'I am still editing',
        'faces.reservedFor.before': info => ` may edit this ${info.noun || 'record'} next: it is kept for them until `,
        'faces.queue.join': 'Wait in line',
        'faces.queue.leave': 'Leave the line',
        'faces.queue.place': info => info.position === 1 ? 'You are next in line.' : `You are number ${info.position} in line.`,
        'faces.queue.left': 'You left the line.',
        'faces.queue.full': 'The line is full just now; try again later.',
        'faces.queue.holder': 'You hold this lock in another window.',
        'faces.turn': info => `Your turn: the ${info.noun || 'record'} is kept for you until ${clock(info.until, 'en')}.`,
        'faces.turn.free': info => `The ${info.noun || 'record'} is free now.`,
        'faces.turn.passed': 'Your turn passed: the lock went to the next in line.',
        'faces.take': 'Your turn: edit now',
        'faces.handover.placeholder': 'A short message (optional)',
        'faces.handover.ask': 'Ask to hand over',
        'faces.handover.sent': 'Asked. You will read here whether they agree.',
        'faces.handover.tooSoon': 'You asked a moment ago: wait for the answer, or try again a little later.',
        'faces.handover.accepted': 'They agreed to hand over.',
        'faces.handover.declined': 'They would rather go on editing; you keep your place in line.',
        'faces.handover.request': info => ` asks you to hand over this ${info.noun || 'record'}. Anything you have not saved stays on this page, read-only.`,
        'faces.handover.accept': 'Accept',
        'faces.handover.decline': 'Decline',
        'faces.handover.gone': 'That request was withdrawn.',
        'faces.viewers': 'Also here: ',
        'faces.viewer': info => ` (${info.role}, since ${clock(info.since, 'en')})`,
        'faces.role.EDITING': 'editing',
        'faces.role.WAITING': 'waiting',
        'faces.role.READING': 'reading',
    },
    'zh-CN': {
        'LOCK_LOST.IDLE': '您在此页面长时间没有输入或点击，编辑锁已释放。',
        'LOCK_LOST.HANDED_OVER': info => info.by ? `您已将编辑权交给 ${info.by}。` : '您已交出编辑权。',
        'faces.expiring.IDLE': info => `还在编辑吗？您已有一段时间没有输入，编辑锁将于 ${clock(info.expiresAt, 'zh-CN')} 释放。`,
        'faces.expiring.MAX_HOLD': info => `编辑锁已达到最长持有时间，将于 ${clock(info.expiresAt, 'zh-CN')} 结束，请尽快保存。`,
        'faces.stillEditing': '我还在编辑',
        'faces.reservedFor.before': ' 排在下一位，编辑权为其保留到 ',
        'faces.queue.join': '排队等候',
        'faces.queue.leave': '退出排队',
        'faces.queue.place': info => info.position === 1 ? '下一个就轮到您。' : `您排在第 ${info.position} 位。`,
        'faces.queue.left': '您已退出排队。',
        'faces.queue.full': '排队人数已满，请稍后再试。',
        'faces.queue.holder': '您已在另一个窗口中持有这把编辑锁。',
        'faces.turn': info => `轮到您了：编辑权为您保留到 ${clock(info.until, 'zh-CN')}。`,
        'faces.turn.free': '现在没有人在编辑。',
        'faces.turn.passed': '您未及时开始编辑，编辑权已交给下一位。',
        'faces.take': '轮到您了：开始编辑',
        'faces.handover.placeholder': '留言（可选）',
        'faces.handover.ask': '请求交出编辑权',
        'faces.handover.sent': '已发送请求，对方答复后会显示在这里。',
        'faces.handover.tooSoon': '您刚刚已发送过请求，请等待答复或稍后再试。',
        'faces.handover.accepted': '对方已同意交出编辑权。',
        'faces.handover.declined': '对方希望继续编辑，您仍在队列中。',
        'faces.handover.request': ' 请求您交出编辑权。尚未保存的内容会以只读方式留在此页面。',
        'faces.handover.accept': '同意',
        'faces.handover.decline': '拒绝',
        'faces.handover.gone': '该请求已撤回。',
        'faces.viewers': '也在查看：',
        'faces.viewer': info => `（${info.role}，${clock(info.since, 'zh-CN')} 起）`,
        'faces.role.EDITING': '编辑中',
        'faces.role.WAITING': '排队中',
        'faces.role.READING': '查看中',
    },
};

/**
 * The text of `key`: the host's `messages[key]`, else the client's own, else the component's in the
 * client's language (`texts` is the client's `texts`: `{messages, language}`).
 */
export function facesText(key, info = {}, texts = {}) {
    const given = clientText(key, info, texts);
    if (given !== undefined) {
        return given;
    }
    const text = (FACES_TEXTS[texts.language] || FACES_TEXTS.en)[key] ?? FACES_TEXTS.en[key];
    return typeof text === 'function' ? text(info) : text;
}

/** Causes of a lost lock the client's `lockLostMessage` has no words for (it would call them a force release). */
const OWN_CAUSES = new Set(['IDLE', 'HANDED_OVER']);

/**
 * Why the view lost its lock, in words for a person: `info.cause` as in `lockLostMessage`, or `IDLE`
 * (released for inactivity) or `HANDED_OVER`; a host's `LOCK_LOST.<cause>`, then its `LOCK_LOST`, win.
 */
export function lockLostText(info, texts = {}) {
    if (!OWN_CAUSES.has(info.cause)) {
        return lockLostMessage(info, texts);
    }
    const messages = texts.messages || {};
    const key = `LOCK_LOST.${info.cause}`;
    if (messages[key] !== undefined || messages.LOCK_LOST !== undefined) {
        return clientText(messages[key] !== undefined ? key : 'LOCK_LOST', info, texts);
    }
    // the component's own words (they name the record: "the document"), before the client's general ones
    const text = (FACES_TEXTS[texts.language] || FACES_TEXTS.en)[key] ?? FACES_TEXTS.en[key];
    return typeof text === 'function' ? text(info) : text;
}
