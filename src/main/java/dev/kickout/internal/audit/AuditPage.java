package dev.kickout.internal.audit;

import java.util.List;

/**
 * One answer of {@code GET /admin/audit}: entries newest first, and {@code next} when the server
 * stopped examining entries before finding {@code limit} matches (pass it as {@code before} to
 * continue); absent ({@code null}) otherwise.
 */
public record AuditPage(List<AuditEntry> items, String next) {
}
