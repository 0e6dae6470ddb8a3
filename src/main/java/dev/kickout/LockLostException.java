package dev.kickout;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/**
 * 409 {@code LOCK_LOST}: the token no longer holds the lock. {@code reason} is {@code EXPIRED},
 * {@code FORCE_RELEASED} (with {@code by}, the admin), {@code RELEASED} or {@code TAKEN}.
 *
 * @since 1.0
 */
public class LockLostException extends KickoutException {

    private final String reason;

    public LockLostException(ResourceRef resource, String reason, String by) {
        super(ProblemCode.LOCK_LOST, Text.of("lock.lost", resource, Text.orElse("lock.reason." + reason, reason)));
        this.reason = reason;
        with("reason", reason);
        with("by", by);
    }

    public String reason() {
        return reason;
    }
}
