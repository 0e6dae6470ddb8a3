package dev.kickout.internal.audit;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.Checks;
import dev.kickout.internal.i18n.Text;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * A validated {@code /admin/audit} request: a page of {@code limit} entries below {@code before},
 * keeping those whose actor user id, target and action equal the given ones (when given) and
 * whose id's time lies in {@code [from, to)}.
 */
record AuditQuery(int limit, AuditId before, String actor, String target, String action, Instant from, Instant to) {

    static final int MAX_LIMIT = 500;
    static final int MAX_TARGET = 512;
    private static final Pattern ACTION = Pattern.compile("[A-Z][A-Z_]{0,39}");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999Z");

    /** Checks the raw query parameters; any bad value is a 400 naming it. */
    static AuditQuery of(String limit, String before, String actor, String target, String action, String from,
                         String to) {
        AuditId cursor = null;
        if (before != null && !before.isEmpty()) {
            cursor = AuditId.parse(before);
            if (cursor == null) {
                throw new InvalidRequestException(Text.of("audit.before"));
            }
        }
        Instant start = instant("from", from);
        Instant end = instant("to", to);
        if (start != null && end != null && !start.isBefore(end)) {
            throw new InvalidRequestException(Text.of("audit.from-to"));
        }
        return new AuditQuery(Checks.intParam("limit", limit, 50, 1, MAX_LIMIT), cursor,
                Checks.optionalText("actor", actor, 256), Checks.optionalText("target", target, MAX_TARGET),
                action == null || action.isEmpty() ? null : Checks.matching("action", action, ACTION), start, end);
    }

    /** Whether only id bounds apply (no field to compare). */
    boolean unfiltered() {
        return actor == null && target == null && action == null;
    }

    boolean matches(AuditEntry entry) {
        return (actor == null || actor.equals(entry.actor().userId()))
                && (target == null || target.equals(entry.target()))
                && (action == null || action.equals(entry.action()));
    }

    /** Highest id to return (inclusive); null when nothing can match. */
    AuditId upper() {
        AuditId upper = before == null ? AuditId.MAX : before.previous();
        if (to == null || upper == null) {
            return upper;
        }
        if (to.toEpochMilli() == 0) {
            return null;
        }
        AuditId end = new AuditId(to.toEpochMilli() - 1, Long.MAX_VALUE);
        return end.compareTo(upper) < 0 ? end : upper;
    }

    /** Lowest id to return (inclusive), not below {@code oldest} (ms). */
    AuditId lower(long oldest) {
        long millis = Math.max(oldest, from == null ? 0 : from.toEpochMilli());
        return new AuditId(Math.max(0, millis), 0);
    }

    private static Instant instant(String field, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            Instant instant = Instant.parse(value);
            if (!instant.isBefore(Instant.EPOCH) && !instant.isAfter(LAST)) {
                return instant;
            }
        } catch (DateTimeParseException e) {
            // reported below like an instant out of range
        }
        throw new InvalidRequestException(Text.of("audit.instant", field));
    }
}
