package dev.kickout.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.i18n.Text;
import java.util.LinkedHashMap;
import java.util.Map;

/** 423 {@code LOCK_HELD}: someone else holds the lock; the body names them and until when. */
public class LockHeldException extends KickoutException {

    private final transient LockView lock;

    LockHeldException(LockView lock) {
        super(ProblemCode.LOCK_HELD, Text.of("lock.held", lock.resource(), lock.holder().username()));
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
