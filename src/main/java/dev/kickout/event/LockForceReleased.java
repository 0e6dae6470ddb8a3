package dev.kickout.event;

import dev.kickout.Actor;
import dev.kickout.LockView;
import java.time.Instant;

/**
 * CDI event: an admin broke a lock. Fired after the holder's token is dead and before the
 * resource becomes free (after {@code kickout.lock.force-release-grace}), so the holder can be
 * told first. Delivered at least once, through the outbox: an observer may see the same event
 * again, with the same {@code deliveryId}, and must then do nothing twice.
 *
 * @param at         when the release was decided, on Redis's clock: the same on every delivery, however late
 *                   (null only for an event a host built without one)
 * @param deliveryId the outbox entry this event comes from (the same on every delivery), or null
 *
 * @since 1.0
 */
public record LockForceReleased(LockView lock, String reason, Actor by, Instant at, String deliveryId) {

    /** An event not delivered through the outbox. */
    public LockForceReleased(LockView lock, String reason, Actor by) {
        this(lock, reason, by, null, null);
    }

    /** An event whose decision time is not known. */
    public LockForceReleased(LockView lock, String reason, Actor by, String deliveryId) {
        this(lock, reason, by, null, deliveryId);
    }
}
