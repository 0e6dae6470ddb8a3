package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import dev.kickout.internal.i18n.Text;
import dev.kickout.HeldLock;
import dev.kickout.VersionConflictException;
import jakarta.persistence.OptimisticLockException;
import java.util.Optional;

/**
 * The domain refusal behind an exception the container wrapped (WildFly: EJBException,
 * EJBTransactionRolledbackException, RollbackException; Payara: TransactionalException for a
 * commit-time failure): searched in the cause chain, a JPA optimistic-lock failure counting as
 * VERSION_CONFLICT; else, for a guarded save rolled back by the lock's re-check at commit (whose
 * rollback exception carries no reason), the refusal {@link HeldLock} recorded.
 */
final class Refusals {

    private Refusals() {
    }

    static Optional<KickoutException> behind(Throwable e, HeldLock heldLock) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof KickoutException refusal) {
                return Optional.of(refusal);
            }
            if (cause instanceof OptimisticLockException) {
                return Optional.of(new VersionConflictException(Text.of("version.conflict")));
            }
        }
        return heldLock.refusedAtCommit();
    }
}
