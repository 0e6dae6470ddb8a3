// docs/guide/edit-locks.md (Where the lock token comes from) shows these saves.
package dev.kickout.docs;

import dev.kickout.FencedWrites;
import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

@ApplicationScoped
public class OrderEditing {
    @PersistenceContext EntityManager em;
    @Inject FencedWrites fenced;

    @Transactional
    @RequiresEditLock(type = "order", idParam = "orderId")
    public void save(String orderId, OrderForm form) {
        Order order = em.find(Order.class, orderId);
        fenced.claim(em, order);
        order.apply(form);
    }

    @Transactional
    @RequiresEditLock(type = "order", idParam = "orderId")
    public void save(String orderId, OrderForm form, @LockToken String lockToken) {
        Order order = em.find(Order.class, orderId);
        fenced.claim(em, order);
        order.apply(form);
    }
}
