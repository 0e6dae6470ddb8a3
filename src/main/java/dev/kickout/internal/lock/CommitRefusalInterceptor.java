package dev.kickout.internal.lock;

import dev.kickout.HeldLock;
import dev.kickout.KickoutException;
import dev.kickout.LockLostException;
import dev.kickout.RequiresEditLock;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.RollbackException;
import jakarta.transaction.TransactionalException;
import java.util.Optional;

/**
 * Makes a {@link RequiresEditLock} save refused at commit throw the refusal itself ({@link LockLostException},
 * or STORE_UNAVAILABLE), not the transaction manager's report of the rollback (WildFly's {@code @Transactional}:
 * {@link RollbackException}; Payara's: {@link TransactionalException}), which says nothing about why and which
 * a host's catch-all exception mapper would answer as its own error. The container's exception stays attached
 * as a suppressed one. Its priority puts it outside {@code @Transactional} ({@code PLATFORM_BEFORE + 200}), so
 * it sees the commit; a save that joins a caller's transaction (or an EJB's) commits outside it, and that
 * rollback stays the container's ({@link HeldLock#refusedAtCommit()} has the refusal).
 */
@RequiresEditLock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class CommitRefusalInterceptor {

    @Inject
    HeldLockState heldLock;

    @AroundInvoke
    public Object refuseAsItself(InvocationContext invocation) throws Exception {
        try {
            return invocation.proceed();
        } catch (RollbackException | TransactionalException rollback) {
            Optional<KickoutException> refusal = heldLock.refusedAtCommit();
            if (refusal.isEmpty()) {
                throw rollback;
            }
            refusal.get().addSuppressed(rollback);
            throw refusal.get();
        }
    }
}
