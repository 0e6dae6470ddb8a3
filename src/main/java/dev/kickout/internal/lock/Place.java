package dev.kickout.internal.lock;

import jakarta.json.bind.annotation.JsonbNillable;
import java.time.Instant;

/**
 * A session's place in a record's queue: {@code position} 1 is next (0: not in the queue), {@code size}
 * how many wait; {@code reservedUntil} while the freed lock is reserved for this session.
 */
public record Place(String type, String id, int position, int size, @JsonbNillable(false) Instant reservedUntil) {
}
