package dev.kickout.internal.session;

/**
 * This instance heard that a session ended (a kick, a replacement, a logout or its expiry), on
 * whichever instance that was decided. Fired locally on every instance by the event bridge, for each
 * {@code FORCE_LOGOUT} and {@code SESSION_EXPIRED} it carries; what an instance holds for the session
 * (an {@code HttpSession} in HttpSession mode) is let go of at once instead of at its next request.
 *
 * @param sessionId the Kickout session that ended
 * @param tombstone why, as the event told it ({@code EXPIRED} for an expiry)
 */
public record SessionEndHeard(String sessionId, Tombstone tombstone) {
}
