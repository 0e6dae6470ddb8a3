package dev.kickout;

import jakarta.json.bind.annotation.JsonbNillable;
import java.time.Instant;

/**
 * An edit lock as the API shows it. {@code idleAt} is when it is released for inactivity unless the
 * holder's page reports activity before (absent when the type has no idle release); {@code expiresAt}
 * never passes it. {@code lockToken} and {@code heartbeatSeconds} are only in the holder's own acquire
 * answer (the token exists nowhere else: Redis keeps its hash).
 *
 * @since 1.0
 */
public record LockView(String type, String id, LockHolder holder, long fence, Instant acquiredAt,
                       Instant lastHeartbeat, Instant expiresAt, @JsonbNillable(false) Instant idleAt,
                       @JsonbNillable(false) String lockToken, @JsonbNillable(false) Integer heartbeatSeconds) {
}
