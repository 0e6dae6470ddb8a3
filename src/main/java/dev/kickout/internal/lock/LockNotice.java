package dev.kickout.internal.lock;

import java.util.Map;

/**
 * CDI event: something for one session's pages about a record's lock ({@code LOCK_EXPIRING},
 * {@code LOCK_QUEUE}, {@code LOCK_RESERVED}, {@code HANDOVER_REQUESTED}, {@code HANDOVER_ANSWERED},
 * {@code LOCK_AVAILABLE}, {@code EDIT_LOCK_RELEASED} for a release that is not an admin's), with its payload.
 */
public record LockNotice(String sessionId, String event, Map<String, Object> payload) {
}
