package dev.kickout.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.i18n.Text;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** 423 {@code LOCK_HELD}: someone else holds the lock; the body names them and until when. */
public class LockHeldException extends KickoutException {

    private final transient LockView lock;

    LockHeldException(LockView lock) {
        this(lock, Text.of("lock.held", lock.resource(), lock.holder().username()));
    }

    private LockHeldException(LockView lock, Text detail) {
        super(ProblemCode.LOCK_HELD, detail);
        this.lock = lock;
        Map<String, Object> holder = new LinkedHashMap<>();
        holder.put("userId", lock.holder().userId());
        holder.put("username", lock.holder().username());
        holder.put("since", lock.acquiredAt());
        holder.put("expiresAt", lock.expiresAt());
        with("holder", holder);
    }

    /**
     * Between holdings: the lock is kept for the first in its queue until {@code until}; the problem
     * names them as the holder, with {@code reservedUntil}.
     */
    static LockHeldException reserved(ResourceRef resource, Reservation reservation, Instant since) {
        LockView kept = new LockView(resource.type(), resource.id(),
                new LockHolder(reservation.userId(), reservation.username(), null, null), 0, since, since,
                reservation.until(), null, null, null);
        LockHeldException held = new LockHeldException(kept,
                Text.of("lock.reserved", resource, reservation.username()));
        held.with("reservedUntil", reservation.until());
        return held;
    }

    public LockView lock() {
        return lock;
    }
}
