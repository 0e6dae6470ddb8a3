package dev.kickout.it.lock.save;

import dev.kickout.FencedWrites;
import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import dev.kickout.demo.Document;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.Future;

/**
 * Test-only: a "batch" EJB that saves under a lock on a container thread with no HTTP request and
 * no current session, the token handed over as a {@link LockToken} parameter.
 */
@Stateless
public class BatchSaves {

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;
    @Inject
    Instance<HttpServletRequest> request;

    /** Answers the saved title and whether an HTTP request was visible (it must not be). */
    @Asynchronous
    @RequiresEditLock(type = "document", idParam = "id", releaseAfterCommit = true)
    public Future<String> save(String id, String title, @LockToken String lockToken) {
        Document document = em.find(Document.class, id);
        fenced.claim(em, document);
        em.flush();
        em.createQuery("update Document d set d.title = :title where d.id = :id")
                .setParameter("title", title).setParameter("id", id).executeUpdate();
        return new AsyncResult<>(title + (httpRequestVisible() ? " (with an HTTP request!)" : ""));
    }

    private boolean httpRequestVisible() {
        try {
            request.get().getMethod();
            return true;
        } catch (IllegalStateException | ContextNotActiveException none) {
            return false;
        }
    }
}
