package dev.kickout;

import jakarta.json.bind.annotation.JsonbNillable;

/**
 * Who holds a lock. {@code sessionId} and {@code clientId} are shown to the holding user and to admins
 * only; others see them absent.
 *
 * @since 1.0
 */
public record LockHolder(String userId, String username, @JsonbNillable(false) String sessionId,
                         @JsonbNillable(false) String clientId) {
}
