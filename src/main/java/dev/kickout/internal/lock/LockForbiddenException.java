package dev.kickout.internal.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.ResourceRef;
import dev.kickout.internal.i18n.Text;
import dev.kickout.spi.LockPolicy;

/**
 * 403 {@code LOCK_FORBIDDEN}: the host's {@link LockPolicy} does not let this caller lock the record.
 *
 * @since 1.0
 */
public class LockForbiddenException extends KickoutException {

    LockForbiddenException(ResourceRef resource) {
        super(ProblemCode.LOCK_FORBIDDEN, Text.of("lock.forbidden", resource));
    }
}
