package dev.kickout.internal.audit;

import dev.kickout.internal.LogText;

/**
 * The log line of an audit entry. Fields may carry user input (a reason, a request path), so
 * CR, LF and every other control character are escaped: one entry is always exactly one line,
 * and nobody can forge a second one.
 */
final class AuditLines {

    private AuditLines() {
    }

    static String line(AuditEntry entry) {
        return "kickout audit id=" + entry.id() + " action=" + escape(entry.action()) + " outcome="
                + escape(entry.outcome()) + " target=" + escape(entry.target()) + " actor="
                + escape(entry.actor().userId()) + "/" + escape(entry.actor().sessionId()) + "@"
                + escape(entry.actor().ip()) + " reason=" + escape(entry.reason()) + " details="
                + escape(String.valueOf(entry.details()));
    }

    /** Backslash-escapes {@code \}, CR, LF, TAB and other control or line-separator characters. */
    static String escape(String value) {
        return LogText.escape(value);
    }
}
