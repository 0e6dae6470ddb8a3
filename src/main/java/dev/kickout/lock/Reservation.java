package dev.kickout.lock;

import java.time.Instant;

/** A freed lock kept for the first in its queue: who may take it, and until when. */
public record Reservation(String userId, String username, Instant until) {
}
