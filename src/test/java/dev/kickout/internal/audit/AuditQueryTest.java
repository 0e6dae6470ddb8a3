package dev.kickout.internal.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kickout.InvalidRequestException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AuditQueryTest {

    @ParameterizedTest
    @CsvSource(nullValues = "null", value = {
            "before, yesterday",
            "before, 1-",
            "before, -1",
            "before, 1-2-3",
            "before, 99999999999999999999-0",
            "before, 9223372036854775808-0",
            "before, 1 -0",
            "limit, 0",
            "limit, 501",
            "limit, x",
            "action, force_logout",
            "action, FORCE LOGOUT",
            "from, 2026-13-01T00:00:00Z",
            "from, 1969-12-31T23:59:59Z",
            "to, +1000000000-01-01T00:00:00Z",
            "to, tomorrow",
    })
    void rejectsBadValues(String field, String value) {
        assertThrows(InvalidRequestException.class, () -> query(field, value));
    }

    @Test
    void rejectsAnEmptyTimeRange() {
        assertThrows(InvalidRequestException.class, () -> AuditQuery.of(null, null, null, null, null,
                "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z"));
        assertThrows(InvalidRequestException.class, () -> AuditQuery.of(null, null, null, null, null,
                "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"));
        assertThrows(InvalidRequestException.class, () -> AuditQuery.of(null, null, null, "t".repeat(513), null,
                null, null));
    }

    @Test
    void boundsFollowBeforeAndTimeRange() {
        assertEquals(AuditId.MAX, AuditQuery.of(null, null, null, null, null, null, null).upper());
        assertEquals(new AuditId(5, 1), AuditQuery.of(null, "5-2", null, null, null, null, null).upper());
        assertEquals(new AuditId(4, Long.MAX_VALUE), AuditQuery.of(null, "5-0", null, null, null, null, null).upper());
        assertNull(AuditQuery.of(null, "0-0", null, null, null, null, null).upper(), "nothing is older than 0-0");
        AuditQuery range = AuditQuery.of(null, null, null, null, null, "1970-01-01T00:00:01Z", "1970-01-01T00:00:02Z");
        assertEquals(new AuditId(1999, Long.MAX_VALUE), range.upper());
        assertEquals(new AuditId(1000, 0), range.lower(0));
        assertEquals(new AuditId(1500, 0), range.lower(1500), "retention raises the lower bound");
        assertEquals(new AuditId(1500, 7), AuditQuery.of(null, "1500-8", null, null, null, null,
                "1970-01-01T00:00:02Z").upper());
        assertNull(AuditQuery.of(null, null, null, null, null, null, "1970-01-01T00:00:00Z").upper());
    }

    @Test
    void acceptsGoodValues() {
        AuditQuery query = AuditQuery.of("10", "1732890000000-3", "admin", "session:x", "FORCE_LOGOUT",
                "2026-01-01T00:00:00Z", "2026-01-02T00:00:00.5Z");
        assertEquals(10, query.limit());
        assertEquals(new AuditId(1732890000000L, 3), query.before());
        assertEquals(Instant.parse("2026-01-02T00:00:00.5Z"), query.to());
        assertEquals(50, AuditQuery.of(null, "", null, null, null, null, null).limit());
    }

    private static AuditQuery query(String field, String value) {
        return AuditQuery.of(field.equals("limit") ? value : null, field.equals("before") ? value : null, null,
                null, field.equals("action") ? value : null, field.equals("from") ? value : null,
                field.equals("to") ? value : null);
    }
}
