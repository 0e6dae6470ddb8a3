package dev.kickout;

/**
 * Who did something: the caller's user id, session id and IP address. Any may be {@code null}
 * (the system itself, a login policy, an unauthenticated caller).
 *
 * @since 1.0
 */
public record Actor(String userId, String sessionId, String ip) {

    public static final Actor SYSTEM = new Actor(null, null, null);
}
