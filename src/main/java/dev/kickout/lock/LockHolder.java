package dev.kickout.lock;

/** Who holds a lock. */
public record LockHolder(String userId, String username, String sessionId, String clientId) {
}
