package dev.kickout.docs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** The host's own look-up that {@link OrderLockPolicy} asks. */
@ApplicationScoped
public class OrderRepository {
    @PersistenceContext EntityManager em;

    public boolean isOpen(String orderId) {
        Order order = em.find(Order.class, orderId);
        return order != null && order.isOpen();
    }
}
