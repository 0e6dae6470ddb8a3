package dev.kickout.lock;

import jakarta.json.bind.annotation.JsonbNillable;

/**
 * Who holds a lock. {@code sessionId} and {@code clientId} are shown to the holding user and to admins
 * only; others see them absent.
 */
public record LockHolder(String userId, String username, @JsonbNillable(false) String sessionId,
                         @JsonbNillable(false) String clientId) {

    /** The holder named only, as other users see it. */
    LockHolder named() {
        return new LockHolder(userId, username, null, null);
    }
}
