package dev.kickout.internal.lock;

import dev.kickout.Actor;

/**
 * Storage format (public only for JSON-B): what the app adds to a force release's outbox entry,
 * beside the lock as the script found it.
 */
public record ForceReleaseContext(String type, String id, String reason, Actor by) {
}
