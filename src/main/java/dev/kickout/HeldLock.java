package dev.kickout;

import java.util.Optional;

/**
 * The lock a {@link RequiresEditLock} method runs under, for that method to read:
 * <pre>{@code
 * @Inject HeldLock heldLock;
 * long fence = heldLock.fence();   // FencedWrites.claim(em, order) reads it itself
 * }</pre>
 * Its {@link #fence()} was minted for this save: larger than every fence issued before for the
 * record, so a later save under the same holding gets a larger one again. A request-scoped bean.
 *
 * @since 1.0
 */
public interface HeldLock {

    /** The lock checked for this request, or {@code null} outside a guarded method. */
    LockView lock();

    /**
     * The save's fence: larger for every save and every newer holder of the resource.
     *
     * @throws IllegalStateException outside a {@link RequiresEditLock} method
     */
    long fence();

    /**
     * Why the last guarded save of this request was rolled back at commit (the lock was lost while it
     * ran: {@link LockLostException}), if it was. A {@code @Transactional} save throws it itself; where
     * the transaction commits outside the save (a caller's, an EJB's), the transaction manager reports
     * the rollback as its own exception (RollbackException, TransactionalException,
     * EJBTransactionRolledbackException): the module's endpoints answer this refusal instead, and other
     * callers can read it here.
     */
    Optional<KickoutException> refusedAtCommit();
}
