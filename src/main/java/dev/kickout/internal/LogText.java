package dev.kickout.internal;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Request data made safe for a log line. Reasons, ids, paths and user names come from clients; a
 * raw CR or LF in them would let a client start a forged line of its own, so every log message
 * that carries such a value passes it through {@link #escape(Object)} first:
 * <pre>{@code
 * LOG.warning(() -> LogId.LOCK_NOT_RELEASED_AFTER_SAVE.message("Saved " + LogText.escape(resource) + " ..."));
 * }</pre>
 */
public final class LogText {

    private LogText() {
    }

    /**
     * {@code String.valueOf(value)} with {@code \}, CR, LF and TAB backslash-escaped and every other
     * control or line/paragraph-separator character written as a backslash, {@code u} and four hex digits: the result
     * is one line and reads back unambiguously.
     */
    public static String escape(Object value) {
        String text = String.valueOf(value);
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = replacement(c);
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    /**
     * A copy of {@code failure} to attach to a log record: the same classes (by name), stack traces,
     * causes and suppressed failures, but every message escaped. A message may quote request data
     * (Redisson's name the command's arguments), and a stack trace is printed with it.
     */
    public static Throwable safe(Throwable failure) {
        return safe(failure, new IdentityHashMap<>());
    }

    /**
     * Copies each throwable once: Redisson's connection failures share causes and suppressed failures
     * between their branches (and may loop), so a copy per path would grow without bound.
     */
    private static Throwable safe(Throwable failure, Map<Throwable, Escaped> copied) {
        if (failure == null || failure instanceof Escaped) {
            return failure;
        }
        Escaped copy = copied.get(failure);
        if (copy != null) {
            return copy;
        }
        copy = new Escaped(failure.getClass().getName(), failure.getMessage() == null ? null : escape(failure.getMessage()));
        copied.put(failure, copy);
        copy.setStackTrace(failure.getStackTrace());
        Throwable cause = safe(failure.getCause(), copied);
        if (cause != null && !causes(cause, copy)) {
            copy.initCause(cause);
        }
        for (Throwable suppressed : failure.getSuppressed()) {
            Throwable safeSuppressed = safe(suppressed, copied);
            if (safeSuppressed != copy) {
                copy.addSuppressed(safeSuppressed);
            }
        }
        return copy;
    }

    /** Whether {@code target} is {@code from} or among its causes (a loop the copy must not close). */
    private static boolean causes(Throwable from, Throwable target) {
        Set<Throwable> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = from; t != null && seen.add(t); t = t.getCause()) {
            if (t == target) {
                return true;
            }
        }
        return false;
    }

    private static String replacement(char c) {
        return switch (c) {
            case '\\' -> "\\\\";
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            default -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                    ? String.format("\\u%04x", (int) c) : null;
        };
    }

    /** A logged stand-in for another throwable: prints as {@code <its class>: <escaped message>}. */
    private static final class Escaped extends RuntimeException {

        private final String type;

        Escaped(String type, String message) {
            super(message);
            this.type = type;
        }

        @Override
        public String toString() {
            return getMessage() == null ? type : type + ": " + getMessage();
        }
    }
}
