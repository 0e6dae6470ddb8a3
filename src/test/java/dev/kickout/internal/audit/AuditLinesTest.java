package dev.kickout.internal.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.kickout.Actor;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AuditLinesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "plain reason|plain reason",
            "a\\b|a\\\\b",
    })
    void escapesBackslashes(String in, String out) {
        assertEquals(out, AuditLines.escape(in));
    }

    @Test
    void escapesLineBreaksAndControls() {
        assertEquals("x\\r\\ny\\tz\\u0000\\u001b\\u2028", AuditLines.escape("x\r\ny\tz\u0000\u001b\u2028"));
        assertEquals("null", AuditLines.escape(null));
    }

    @Test
    void anEntryIsOneLine() {
        AuditEntry entry = new AuditEntry("1-0", Instant.EPOCH, "FORCE_LOGOUT", new Actor("admin\n", null, "127.0.0.1"),
                "session:x", "bye\r\nkickout audit action=FAKE", "DONE", Map.of("k", "v\n"));
        String line = AuditLines.line(entry);
        assertFalse(line.contains("\n") || line.contains("\r"), line);
    }
}
