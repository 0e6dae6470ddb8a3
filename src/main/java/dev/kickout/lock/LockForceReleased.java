package dev.kickout.lock;

import dev.kickout.Actor;

/**
 * CDI event: an admin broke a lock. Fired after the holder's token is dead and before the
 * resource becomes free (after {@code kickout.lock.force-release-grace}), so the holder can be
 * told first.
 */
public record LockForceReleased(LockView lock, String reason, Actor by) {
}
