// docs/guide/edit-locks.md shows this batch: a guarded save that serves no HTTP request.
package dev.kickout.docs;

import dev.kickout.FencedWrites;
import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.concurrent.Future;

@Stateless
public class OrderBatch {
    @PersistenceContext EntityManager em;
    @Inject FencedWrites fenced;

    @Asynchronous   // or a timer, an MDB, a batch step
    @RequiresEditLock(type = "order", idParam = "orderId", releaseAfterCommit = true)
    public Future<Void> close(String orderId, @LockToken String lockToken) {
        Order order = em.find(Order.class, orderId);
        fenced.claim(em, order);
        order.close();
        return new AsyncResult<>(null);
    }
}
