package dev.kickout.lock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.metamodel.EntityType;

/**
 * Fence-conditional writes for JPA: a save may write a {@link FencedRecord} only with a fence
 * larger than the one its last writer stored, so a save under an older (or the same) fence never
 * overwrites a newer one, whatever the lock said when it started.
 * <pre>{@code
 * @Inject FencedWrites fenced;
 *
 * @Transactional
 * @RequiresEditLock(type = "order", idParam = "orderId")
 * public Order save(String orderId, OrderForm form) {
 *     Order order = em.find(Order.class, orderId);
 *     fenced.claim(em, order);   // 409 LOCK_LOST/TAKEN unless this save's fence is the largest yet
 *     order.apply(form);         // @Version still guards what the client edited
 *     return order;
 * }
 * }</pre>
 * The claim is one JPQL statement, {@code update <Entity> e set e.lastFence = :fence where
 * e.<id> = :id and e.lastFence < :fence}: the database compares and writes atomically, and the row
 * stays locked until the transaction ends, so concurrent saves land in fence order. Every guarded
 * save gets a fresh, larger fence ({@link HeldLock#fence()}), so one holder may save many times.
 */
@ApplicationScoped
public class FencedWrites {

    @Inject
    HeldLock heldLock;

    /**
     * Claims {@code record} (managed by {@code em}) for the running {@link RequiresEditLock} save.
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public void claim(EntityManager em, FencedRecord record) {
        LockView lock = heldLock.lock();
        if (lock == null) {
            throw new IllegalStateException("FencedWrites.claim runs inside a @RequiresEditLock method");
        }
        claim(em, record, lock.resource(), lock.fence());
    }

    /**
     * Claims {@code record} with an explicit {@code fence} (for code that carries fences itself).
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public void claim(EntityManager em, FencedRecord record, ResourceRef resource, long fence) {
        EntityType<?> type = em.getMetamodel().entity(record.getClass());
        String id = type.getId(type.getIdType().getJavaType()).getName();
        int claimed = em.createQuery("update " + type.getName() + " e set e." + FencedRecord.ATTRIBUTE
                        + " = :fence where e." + id + " = :id and e." + FencedRecord.ATTRIBUTE + " < :fence")
                .setParameter("fence", fence)
                .setParameter("id", em.getEntityManagerFactory().getPersistenceUnitUtil().getIdentifier(record))
                .executeUpdate();
        if (claimed != 1) {
            throw new LockLostException(resource, "TAKEN", null);
        }
        // the managed copy says the same, so its own update writes the claimed fence, not the old one
        record.fencedBy(fence);
    }
}
