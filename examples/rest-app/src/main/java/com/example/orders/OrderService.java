package com.example.orders;

import dev.kickout.FencedWrites;
import dev.kickout.Kickout;
import dev.kickout.RequiresEditLock;
import dev.kickout.VersionConflictException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.util.List;

/** The orders: read by anyone, created by a signed-in caller, saved only under the order's edit lock. */
@ApplicationScoped
public class OrderService {

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;
    @Inject
    Kickout kickout;

    public List<Order> all() {
        return em.createQuery("select o from CustomerOrder o order by o.customer, o.id", Order.class).getResultList();
    }

    public Order find(String orderId) {
        Order order = em.find(Order.class, orderId);
        if (order == null) {
            throw new NotFoundException("no order " + orderId);
        }
        return order;
    }

    @Transactional
    public Order create(OrderForm form) {
        if (form == null) {
            throw new IllegalArgumentException("a new order comes as JSON");
        }
        Order order = new Order(form.customer(), form.note());
        em.persist(order);
        return order;
    }

    /**
     * Saves a client's edit. It runs only for the caller that holds the order's edit lock (the lock token comes as
     * the {@code X-Lock-Token} header), and commits only if the lock is still held at commit.
     */
    @RequiresEditLock(type = "order", idParam = "orderId")
    @Transactional
    public Order save(String orderId, OrderForm edit) {
        if (edit == null || edit.version() == null) {
            throw new IllegalArgumentException("an edit names the version it was made on");
        }
        Order order = find(orderId);
        // before any change: the claim re-reads the row with a row lock
        fenced.claim(em, order);
        if (order.getVersion() != edit.version()) {
            throw new VersionConflictException("order " + orderId + " is at version " + order.getVersion()
                    + ", the edit was made on version " + edit.version());
        }
        order.change(edit.customer(), edit.note());
        return order;
    }

    /** Whether somebody holds the order's edit lock (asks Redis). */
    public boolean beingEdited(String orderId) {
        return kickout.lockOn("order", orderId).isPresent();
    }
}
