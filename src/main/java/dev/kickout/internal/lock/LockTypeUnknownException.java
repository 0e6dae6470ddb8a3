package dev.kickout.internal.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.RequiresEditLock;
import dev.kickout.internal.i18n.Text;

/**
 * 400 {@code LOCK_TYPE_UNKNOWN}: the resource type is not declared ({@code kickout.lock.types}, {@link RequiresEditLock}).
 *
 * @since 1.0
 */
public class LockTypeUnknownException extends KickoutException {

    LockTypeUnknownException(String type) {
        super(ProblemCode.LOCK_TYPE_UNKNOWN, Text.of("lock.type-unknown", type));
    }
}
