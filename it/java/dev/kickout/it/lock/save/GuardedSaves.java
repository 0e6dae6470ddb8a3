package dev.kickout.it.lock.save;

import dev.kickout.FencedWrites;
import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import dev.kickout.ResourceRef;
import dev.kickout.demo.Document;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

/**
 * Test-only saves of the reference app's documents under their edit lock: one held inside the
 * method by a latch, one finding its token in the request (header or parameter), one taking it
 * as a {@link LockToken} parameter.
 */
@ApplicationScoped
public class GuardedSaves {

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;
    @Inject
    Latches latches;

    /** Writes the title, then waits for the test before the transaction may commit. */
    @Transactional
    @RequiresEditLock(type = "document", idParam = "id")
    public String slowSave(String id, String title, String latch) throws InterruptedException {
        write(id, title);
        latches.holdHere(latch);
        return title;
    }

    @Transactional
    @RequiresEditLock(type = "document", idParam = "id")
    public String save(String id, String title) {
        return write(id, title);
    }

    @Transactional
    @RequiresEditLock(type = "document", idParam = "id")
    public String saveWithToken(String id, String title, @LockToken String lockToken) {
        return write(id, title);
    }

    /** Claims the document with an explicit fence, outside any lock (for the fence rule itself); answers its fence. */
    @Transactional
    public long claimWith(String id, long fence) {
        Document document = em.find(Document.class, id);
        fenced.claim(em, document, new ResourceRef("document", id), fence);
        em.flush();
        return document.getLastFence();
    }

    /** Claims a {@link Memo} (created on first use) with an explicit fence; answers its fence. */
    @Transactional
    public long claimMemoWith(String id, long fence) {
        Memo memo = em.find(Memo.class, id);
        if (memo == null) {
            memo = new Memo(id);
            em.persist(memo);
            em.flush();
        }
        fenced.claim(em, memo, Memo::fence, new ResourceRef("memo", id), fence);
        em.flush();
        return memo.fence().lastFence();
    }

    /** Claims the document with this save's fence, then writes its title (in the caller's transaction). */
    String write(String id, String title) {
        Document document = em.find(Document.class, id);
        fenced.claim(em, document);
        em.flush();
        em.createQuery("update Document d set d.title = :title where d.id = :id")
                .setParameter("title", title).setParameter("id", id).executeUpdate();
        return title;
    }
}
