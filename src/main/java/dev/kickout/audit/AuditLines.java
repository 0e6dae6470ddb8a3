package dev.kickout.audit;

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
        if (value == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
