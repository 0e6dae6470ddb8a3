// docs/guide/edit-locks.md shows this guarded save.
package dev.kickout.docs;

import dev.kickout.FencedWrites;
import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

@ApplicationScoped
public class OrderService {
    @PersistenceContext EntityManager em;
    @Inject FencedWrites fenced;

    @Transactional
    @RequiresEditLock(type = "order", idParam = "orderId", releaseAfterCommit = true)
    public Order save(String orderId, OrderForm form) {
        Order order = em.find(Order.class, orderId);
        fenced.claim(em, order);   // 409 LOCK_LOST/TAKEN unless this save's fence is the largest yet
        order.apply(form);         // 409 VERSION_CONFLICT if the client edited an older version
        return order;
    }
}
