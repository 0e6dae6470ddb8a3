package dev.kickout.lock;

import dev.kickout.Actor;

/**
 * CDI event: an admin broke a lock. Fired after the holder's token is dead and before the
 * resource becomes free (after {@code kickout.lock.force-release-grace}), so the holder can be
 * told first. Delivered at least once, through the outbox: an observer may see the same event
 * again, with the same {@code deliveryId}, and must then do nothing twice.
 *
 * @param deliveryId the outbox entry this event comes from (the same on every delivery), or null
 */
public record LockForceReleased(LockView lock, String reason, Actor by, String deliveryId) {

    /** An event not delivered through the outbox. */
    public LockForceReleased(LockView lock, String reason, Actor by) {
        this(lock, reason, by, null);
    }
}
