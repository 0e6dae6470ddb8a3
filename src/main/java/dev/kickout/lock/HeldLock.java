package dev.kickout.lock;

import dev.kickout.KickoutException;
import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;

/**
 * The lock a {@link RequiresEditLock} method runs under, for that method to read:
 * <pre>{@code
 * @Inject HeldLock heldLock;
 * fenced.update(em, Order.class, orderId, heldLock.fence(), "status", newStatus);   // see FencedUpdate
 * }</pre>
 * Its {@link #fence()} was minted for this save: larger than every fence issued before for the
 * record, so a later save under the same holding gets a larger one again.
 */
@RequestScoped
public class HeldLock {

    private LockView lock;
    private KickoutException refusedAtCommit;

    void set(LockView lock) {
        this.lock = lock;
        this.refusedAtCommit = null;
    }

    void refusedAtCommit(KickoutException refusal) {
        this.refusedAtCommit = refusal;
    }

    /** The lock checked for this request, or {@code null} outside a guarded method. */
    public LockView lock() {
        return lock;
    }

    /** The save's fence: larger for every save and every newer holder of the resource. */
    public long fence() {
        if (lock == null) {
            throw new IllegalStateException("No @RequiresEditLock method is running in this request");
        }
        return lock.fence();
    }

    /**
     * Why the last guarded save of this request was rolled back at commit (the lock was lost while it
     * ran: {@link LockLostException}), if it was. A {@code @Transactional} save throws it itself
     * ({@link CommitRefusalInterceptor}); where the transaction commits outside the save (a caller's, an
     * EJB's), the transaction manager reports the rollback as its own exception (RollbackException,
     * TransactionalException, EJBTransactionRolledbackException): the module's endpoints answer this refusal
     * instead, and other callers can read it here.
     */
    public Optional<KickoutException> refusedAtCommit() {
        return Optional.ofNullable(refusedAtCommit);
    }
}
