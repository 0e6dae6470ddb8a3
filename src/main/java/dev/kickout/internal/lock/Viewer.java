package dev.kickout.internal.lock;

import jakarta.json.bind.annotation.JsonbNillable;
import java.time.Instant;

/**
 * Someone who has a record open: display name, since when, and what they do there ({@code EDITING}
 * the holder, {@code WAITING} in the queue, {@code READING} anyone else); {@code self} marks the caller.
 */
public record Viewer(String userId, String username, Instant since, String role,
                     @JsonbNillable(false) Boolean self) {
}
