package com.example.orders;

import dev.kickout.FencedWrites;
import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** The orders: read for the screens, saved under the order's edit lock. */
@ApplicationScoped
public class OrderService {

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;

    public List<Order> list() {
        return em.createQuery("select o from SalesOrder o order by o.id", Order.class).getResultList();
    }

    /** The stored order, detached: the screen keeps it and sends it back edited. */
    public Order find(String orderId) {
        return em.find(Order.class, orderId);
    }

    /**
     * Saves the copy a screen edited. Refused unless the caller holds the order's edit lock (its token comes with
     * the request), unless this save's fence is the newest the order has seen, or when the copy is older than
     * the stored order ({@code OptimisticLockException}).
     */
    @RequiresEditLock(type = "order", idParam = "orderId")
    @Transactional
    public Order save(String orderId, Order edited) {
        if (!orderId.equals(edited.getId())) {
            throw new IllegalArgumentException("The copy of order " + edited.getId() + " is not order " + orderId);
        }
        Order saved = fenced.merge(em, edited);
        em.flush(); // a stale copy fails here, inside the method, not at commit
        return saved;
    }
}
