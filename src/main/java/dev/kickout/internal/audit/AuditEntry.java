package dev.kickout.internal.audit;

import dev.kickout.Actor;
import java.time.Instant;
import java.util.Map;

/**
 * One line of the audit trail.
 *
 * @param id      {@code <millis>-<sequence>}, unique and time-ordered over the whole trail; also the paging cursor ({@code before})
 * @param action  {@code FORCE_LOGOUT}, {@code SESSION_REPLACED}, {@code LOCK_FORCE_RELEASE} (force actions, see
 *                {@link AuditLog#FORCE_ACTIONS}, as are {@code USER_BANNED} and {@code BAN_LIFTED}), {@code LOGOUT}, {@code SESSION_EXPIRED}, {@code ADMIN_DENIED}, ...
 * @param target  what was acted on, e.g. {@code session:<id>} or {@code lock:document/42}
 * @param outcome {@code DONE} or {@code DENIED}
 */
public record AuditEntry(String id, Instant at, String action, Actor actor, String target, String reason,
                         String outcome, Map<String, String> details) {
}
