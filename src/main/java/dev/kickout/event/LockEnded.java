package dev.kickout.event;

import dev.kickout.Actor;
import dev.kickout.LockView;
import java.time.Instant;

/**
 * CDI event: a holding ended without its holder releasing it or an admin breaking it: for inactivity
 * ({@code IDLE}), at its cap ({@code MAX_HOLD}) or handed over to someone waiting ({@code HANDED_OVER},
 * {@code by} the requester; {@code accepted by} the holder, or the system for an idle holder).
 *
 * @since 1.0
 */
public record LockEnded(LockView lock, String reason, Actor by, Actor acceptedBy, Instant at) {
}
