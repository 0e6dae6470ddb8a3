package dev.kickout.internal.lock;

import dev.kickout.LockHeldException;
import dev.kickout.LockHolder;
import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.i18n.Text;
import java.time.Instant;

/** A freed lock kept for the first in its queue: who may take it, and until when. */
public record Reservation(String userId, String username, Instant until) {

    /**
     * The refusal of anyone else while the lock is kept: 423 {@code LOCK_HELD} naming the first in line as
     * the holder, with {@code reservedUntil}.
     */
    LockHeldException refusal(ResourceRef resource, Instant since) {
        LockView kept = new LockView(resource.type(), resource.id(), new LockHolder(userId, username, null, null), 0,
                since, since, until, null, null, null);
        LockHeldException held = new LockHeldException(kept, Text.of("lock.reserved", resource, username));
        held.with("reservedUntil", until);
        return held;
    }
}
