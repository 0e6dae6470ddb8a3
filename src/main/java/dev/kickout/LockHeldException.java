package dev.kickout;

import dev.kickout.internal.i18n.Text;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * 423 {@code LOCK_HELD}: someone else holds the lock; the body names them and until when.
 *
 * @since 1.0
 */
public class LockHeldException extends KickoutException {

    private final transient LockView lock;

    public LockHeldException(LockView lock) {
        this(lock, Text.of("lock.held", new ResourceRef(lock.type(), lock.id()), lock.holder().username()));
    }

    /** A refusal naming {@code lock}'s holder, with its own detail (in the request's language). */
    public LockHeldException(LockView lock, Function<Locale, String> detail) {
        super(ProblemCode.LOCK_HELD, detail);
        this.lock = lock;
        Map<String, Object> holder = new LinkedHashMap<>();
        holder.put("userId", lock.holder().userId());
        holder.put("username", lock.holder().username());
        holder.put("since", lock.acquiredAt());
        holder.put("expiresAt", lock.expiresAt());
        with("holder", holder);
    }

    public LockView lock() {
        return lock;
    }
}
