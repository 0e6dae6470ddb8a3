package dev.kickout.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.i18n.Text;

/**
 * 403 {@code LOCK_FORBIDDEN}: the host's {@link LockPolicy} does not let this caller lock the record.
 *
 * @since 1.3
 */
public class LockForbiddenException extends KickoutException {

    LockForbiddenException(ResourceRef resource) {
        super(ProblemCode.LOCK_FORBIDDEN, Text.of("lock.forbidden", resource));
    }
}
