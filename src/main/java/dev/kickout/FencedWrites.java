package dev.kickout;

import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityNotFoundException;
import jakarta.persistence.LockModeType;
import java.util.function.Function;

/**
 * Fence-conditional writes for JPA: a save may write a {@link FencedRecord} (or an entity with an
 * embedded {@link Fence}) only with a fence
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
 * The claim re-reads the record with a row lock ({@code em.refresh(record, PESSIMISTIC_WRITE)}, a
 * {@code SELECT ... FOR UPDATE}), compares its stored fence and sets the new one: no other
 * transaction can write the row between the comparison and this transaction's end, so concurrent
 * saves land in fence order. (Not a bulk JPQL {@code update}: EclipseLink increments
 * {@code @Version} in bulk updates, which would make the record's own update fail its version
 * check.) Claim before changing the record: the refresh discards unsaved changes to it. Every
 * guarded save gets a fresh, larger fence ({@link HeldLock#fence()}), so one holder may save many
 * times. With {@code kickout.enabled=false} the claim does nothing (there is no lock to fence by).
 *
 * @since 1.0
 */
@ApplicationScoped
public class FencedWrites {

    @Inject
    HeldLock heldLock;
    @Inject
    KickoutConfig config;

    /**
     * Claims {@code record} (managed by {@code em}) for the running {@link RequiresEditLock} save.
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public void claim(EntityManager em, FencedRecord record) {
        claim(em, record, FencedRecord::fence);
    }

    /**
     * The detached-entity save ({@code em.merge}) under the lock: claims the stored record as
     * {@link #claim(EntityManager, FencedRecord)} does, then merges {@code detached} onto it with the new fence,
     * so that neither the claim's refresh discards the edit nor the merge writes back the fence the copy was read
     * with. {@code @Version} still refuses a copy older than the stored record (an {@code OptimisticLockException}
     * from the merge or the flush). For a record that exists; the copy's fence is updated too.
     * <pre>{@code
     * @Transactional
     * @RequiresEditLock(type = "order", idParam = "orderId")
     * public Order save(String orderId, Order edited) {   // edited: the copy a @ViewScoped bean kept
     *     return fenced.merge(em, edited);
     * }
     * }</pre>
     *
     * @return the managed record, as {@code em.merge} returns it
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     * @throws EntityNotFoundException when no record has the copy's id
     */
    public <E extends FencedRecord> E merge(EntityManager em, E detached) {
        return merge(em, detached, FencedRecord::fence);
    }

    /** {@link #merge(EntityManager, FencedRecord)} for an entity whose {@link Fence} is embedded. */
    public <E> E merge(EntityManager em, E detached, Function<E, Fence> fenceOf) {
        Object id = em.getEntityManagerFactory().getPersistenceUnitUtil().getIdentifier(detached);
        @SuppressWarnings("unchecked")
        E stored = id == null ? null : (E) em.find(detached.getClass(), id);
        if (stored == null) {
            throw new EntityNotFoundException("No " + detached.getClass().getSimpleName() + " with id " + id + " to save");
        }
        claim(em, stored, fenceOf);
        fenceOf.apply(detached).fencedBy(fenceOf.apply(stored).lastFence());
        return em.merge(detached);
    }

    /**
     * Claims {@code record} with an explicit {@code fence} (for code that carries fences itself).
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public void claim(EntityManager em, FencedRecord record, ResourceRef resource, long fence) {
        claim(em, record, FencedRecord::fence, resource, fence);
    }

    /**
     * Claims {@code entity}, whose {@link Fence} is embedded, for the running {@link RequiresEditLock} save:
     * {@code fenced.claim(em, contract, Contract::fence)}. The fence is read after the entity is refreshed.
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public <E> void claim(EntityManager em, E entity, Function<E, Fence> fenceOf) {
        if (!config.enabled()) {
            return; // kickout.enabled=false: the save runs unguarded (EditLockInterceptor), so there is no fence to claim
        }
        LockView lock = heldLock.lock();
        if (lock == null) {
            throw new IllegalStateException("FencedWrites.claim runs inside a @RequiresEditLock method");
        }
        claim(em, entity, fenceOf, new ResourceRef(lock.type(), lock.id()), lock.fence());
    }

    /**
     * Claims {@code entity}, whose {@link Fence} is embedded, with an explicit {@code fence}.
     *
     * @throws LockLostException {@code TAKEN}: a save with an equal or larger fence already wrote it
     */
    public <E> void claim(EntityManager em, E entity, Function<E, Fence> fenceOf, ResourceRef resource, long fence) {
        em.refresh(entity, LockModeType.PESSIMISTIC_WRITE);
        Fence stored = fenceOf.apply(entity);
        if (stored.lastFence() >= fence) {
            throw new LockLostException(resource, "TAKEN", null);
        }
        stored.fencedBy(fence);
    }
}
