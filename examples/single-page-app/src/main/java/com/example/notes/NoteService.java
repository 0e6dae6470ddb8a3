package com.example.notes;

import dev.kickout.FencedWrites;
import dev.kickout.InvalidRequestException;
import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.RequiresEditLock;
import dev.kickout.VersionConflictException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** The notes: read by anyone signed in, saved only under the note's edit lock. */
@ApplicationScoped
public class NoteService {

    static final int MAX_TITLE = 200;
    static final int MAX_TEXT = 10_000;

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;

    /** What the page sends to save a note: the new title and text, and the version it edited. */
    public record NoteUpdate(String title, String text, Long version) {
    }

    public List<Note> all() {
        return em.createQuery("select n from Note n order by n.title", Note.class).getResultList();
    }

    public Note find(String id) {
        Note note = id == null ? null : em.find(Note.class, id);
        if (note == null) {
            throw new KickoutException(ProblemCode.NOT_FOUND, "There is no note " + id + ".");
        }
        return note;
    }

    /**
     * Saves a note. Kickout lets the call in only with the {@code X-Lock-Token} of this session's lock on the
     * note (423 LOCK_HELD while the lock is held and the call lacks its token, 409 LOCK_LOST for a token that no
     * longer holds it), and checks the lock again before the commit.
     */
    @Transactional
    @RequiresEditLock(type = "note", idParam = "id")
    public Note save(String id, NoteUpdate update) {
        if (update == null || update.version() == null) {
            throw new InvalidRequestException("Send the note's title, text and the version you edited.");
        }
        String title = update.title() == null ? "" : update.title().strip();
        if (title.isEmpty() || title.length() > MAX_TITLE) {
            throw new InvalidRequestException("A note needs a title of up to " + MAX_TITLE + " characters.");
        }
        String text = update.text() == null ? "" : update.text();
        if (text.length() > MAX_TEXT) {
            throw new InvalidRequestException("A note's text has up to " + MAX_TEXT + " characters.");
        }
        Note note = find(id);
        // refused (409 LOCK_LOST, TAKEN) if a save under a newer holding of the lock already wrote the note
        fenced.claim(em, note);
        if (update.version() != note.getVersion()) {
            throw new VersionConflictException("Note " + id + " was saved meanwhile (version " + note.getVersion()
                    + ", you edited version " + update.version() + "): open it again to edit the latest.");
        }
        note.edit(title, text);
        em.flush(); // the write fails here rather than at commit, where servers wrap failures differently
        return note;
    }
}
