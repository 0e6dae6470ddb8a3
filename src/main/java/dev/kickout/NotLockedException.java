package dev.kickout;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/**
 * 404 {@code NOT_LOCKED}: nobody holds this resource's lock.
 *
 * @since 1.0
 */
public class NotLockedException extends KickoutException {

    public NotLockedException(ResourceRef resource) {
        super(ProblemCode.NOT_LOCKED, Text.of("lock.not-locked", resource));
    }
}
