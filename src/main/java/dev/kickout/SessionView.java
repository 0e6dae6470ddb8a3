package dev.kickout;

import java.time.Instant;

/**
 * A session as the REST API shows it ({@code current}: it is the caller's own).
 *
 * @since 1.0
 */
public record SessionView(String sessionId, String userId, String username, String deviceType, String clientId,
                          Instant loginTime, Instant lastSeen, Instant expiresAt, String ip, String userAgent,
                          boolean current) {
}
