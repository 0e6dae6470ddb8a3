package dev.kickout.internal.lock;

import dev.kickout.KickoutException;
import dev.kickout.VersionConflictException;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.rest.RefusalFinder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.OptimisticLockException;
import java.util.Optional;

/**
 * A guarded save's refusals behind the container's own exceptions: a JPA optimistic-lock failure in the
 * cause chain is VERSION_CONFLICT; a save rolled back by the lock's re-check at commit (whose rollback
 * exception carries no reason) is the refusal {@link HeldLockState} recorded.
 */
@ApplicationScoped
public class SaveRefusals implements RefusalFinder {

    @Inject
    HeldLockState heldLock;

    @Override
    public Optional<KickoutException> behind(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof OptimisticLockException) {
                return Optional.of(new VersionConflictException(Text.of("version.conflict")));
            }
        }
        return heldLock.refusedAtCommit();
    }
}
