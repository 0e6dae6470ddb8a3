package dev.kickout.session;

import java.time.Instant;

/** A session as the REST API shows it ({@code current}: it is the caller's own). */
public record SessionView(String sessionId, String userId, String username, String deviceType, String clientId,
                          Instant loginTime, Instant lastSeen, Instant expiresAt, String ip, String userAgent,
                          boolean current) {
}
