package dev.kickout.internal.session;

import java.time.Instant;
import java.util.Set;

/**
 * Storage format, public only for JSON-B: a session as stored in the user's hash (times in epoch
 * milliseconds, as the Lua scripts read them). {@code roles} is a JSON array in a string, opaque to Lua.
 */
public record SessionRecord(String userId, String username, String deviceType, String clientId, long loginTime,
                            long lastSeen, long expiresAt, long capAt, String ip, String userAgent, String roles) {

    Session toSession(String sessionId, Set<String> roleSet) {
        return new Session(sessionId, userId, username, deviceType, clientId, Instant.ofEpochMilli(loginTime),
                Instant.ofEpochMilli(lastSeen), Instant.ofEpochMilli(expiresAt), ip, userAgent, roleSet);
    }
}
