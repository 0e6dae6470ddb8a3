// The notes: the list, and the editor, which holds the note's edit lock while it is open.
import { KickoutError } from '../kickout/kickout-client.js';
import { announce, api, element, kickout, time } from './page.js';

const $ = id => document.getElementById(id);
const form = $('note-form');
const title = $('note-title');
const text = $('note-text');
const lockState = $('lock-state');
/** The note in the editor as last loaded or saved: a save sends its version back. */
let note = null;
/** The edit lock of the note in the editor. */
let lock = null;

/** Shows the list of notes. */
export async function showNotes() {
    const items = (await api('GET', 'notes')).map(each => {
        const open = element('button', each.title, { type: 'button', 'data-note': each.id });
        open.addEventListener('click', () => openNote(each.id).catch(failed));
        const item = element('li');
        item.append(open, element('span', ` version ${each.version}`, { class: 'small' }));
        return item;
    });
    $('note-list').replaceChildren(...items);
    $('notes').hidden = false;
}

/** The session ended: the editor turns read-only and keeps what was typed. */
export function stopEditing() {
    lock?.close();
    setEditable(false);
    $('edit-again').hidden = true;
    if (note) {
        showLockState('bad', 'You are signed out, so this note is read-only.', 'Your unsaved text is still here.');
    }
}

async function openNote(id) {
    await closeNote();
    lock = kickout.editLock('note', id, { onLost: lockLost, onExpiring: stillEditing, prompts: false });
    $('editor').hidden = false;
    await takeLock();
}

/** Takes the note's lock; while someone else holds it, the note stays readable and says who has it. */
async function takeLock() {
    let view = null;
    let holder = null;
    try {
        view = await lock.acquire();
    } catch (e) {
        if (!(e instanceof KickoutError && e.code === 'LOCK_HELD')) {
            throw e;
        }
        holder = e.problem.holder;
    }
    if (!note || note.id !== lock.id || (title.value === note.title && text.value === note.text)) {
        await load(lock.id); // nothing typed here: show the note as last saved
    }
    setEditable(view !== null);
    if (view) {
        showLockState('ok', `You are editing this note since ${time(view.acquiredAt)}; others can only read it.`);
        announce(`You are editing "${note.title}".`);
        title.focus();
    } else {
        showLockState('warn', `${holder.username} is editing this note since ${time(holder.since)}. You can read it meanwhile.`);
        announce(`"${note.title}" is read-only: ${holder.username} is editing it.`);
    }
}

async function load(id) {
    note = await api('GET', `notes/${encodeURIComponent(id)}`);
    title.value = note.title;
    text.value = note.text;
    $('editor-heading').textContent = `Note: ${note.title}`;
}

/** A call that failed for another reason than the lock or the session (they say why themselves). */
function failed(e) {
    if (e.status !== 401) {
        announce(`That did not work: ${e.message}`);
    }
}

function lockLost(info) {
    setEditable(false);
    const reason = info.reason ? `Reason: ${info.reason}` : '';
    showLockState('bad', info.message, reason, 'Your unsaved text is still here.');
    announce(`${info.message} ${reason}`);
}

/** Kickout is about to release the lock for inactivity: one click keeps it. */
function stillEditing(info) {
    const keep = element('button', "I'm still editing", { type: 'button' });
    keep.addEventListener('click', async () => {
        if (await info.keepEditing()) {
            showLockState('ok', 'You are editing this note; others can only read it.');
        }
    });
    showLockState('warn', info.message);
    lockState.append(keep);
    announce(info.message);
}

async function save(event) {
    event.preventDefault();
    try {
        note = await api('PUT', `notes/${encodeURIComponent(note.id)}`,
            { body: { title: title.value, text: text.value, version: note.version }, lockToken: lock.token });
        announce(`Saved "${note.title}", version ${note.version}.`);
        await showNotes();
    } catch (e) {
        if (!lock.handle(e) && e.status !== 401) { // else the lock's onLost, or the signed-out dialog, says why
            announce(`Not saved: ${e.message}`);
        }
    }
}

async function closeNote() {
    if (lock) {
        await lock.release();
        lock.close();
        lock = null;
    }
    note = null;
    $('editor').hidden = true;
}

function setEditable(editable) {
    title.readOnly = !editable;
    text.readOnly = !editable;
    $('save').disabled = !editable;
    $('edit-again').hidden = editable;
    form.dataset.editing = String(editable);
}

/** What the editor says about its lock: `kind` is ok, warn or bad; each line a paragraph. */
function showLockState(kind, ...lines) {
    lockState.replaceChildren(...lines.filter(Boolean).map(line => element('p', line)));
    lockState.className = `notice ${kind}`;
}

form.addEventListener('submit', save);
$('edit-again').addEventListener('click', () => takeLock().catch(failed));
$('close-note').addEventListener('click', () => closeNote().then(() => $('notes-heading').focus()));
// leaving the page gives the lock back at once instead of letting it expire
addEventListener('pagehide', () => lock?.held && lock.release({ keepalive: true }));
