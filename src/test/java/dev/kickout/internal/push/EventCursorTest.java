package dev.kickout.internal.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kickout.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.api.stream.StreamMessageId;

class EventCursorTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "18446744073709551615-18446744073709551615",
            "9223372036854775808-0",
            "0-9223372036854775808",
            "-1-0",
            "0-",
            "-0",
            "1",
            "1-2-3",
            " 1-0",
            "1-0 ",
            "+1-0",
            "1-0\r\n",
            "١٢-٣",
            "12345678901234567890-0",
            "abc",
            "*",
            "$",
            "0x10-0",
            "1.5-0",
    })
    void rejectsWhatIsNotAnEventId(String id) {
        assertThrows(InvalidRequestException.class, () -> EventCursor.of(id, null));
        assertThrows(InvalidRequestException.class, () -> EventCursor.of(null, id));
    }

    @Test
    void rejectsHugeValues() {
        assertThrows(InvalidRequestException.class, () -> EventCursor.of("1".repeat(100_000) + "-0", null));
    }

    @Test
    void acceptsEventIdsUpToTheLargestLong() {
        assertEquals(new StreamMessageId(1732890000000L, 3), EventCursor.of("1732890000000-3", null));
        assertEquals(new StreamMessageId(0, 0), EventCursor.of(null, "0-0"));
        assertEquals(new StreamMessageId(Long.MAX_VALUE, Long.MAX_VALUE),
                EventCursor.of("9223372036854775807-9223372036854775807", null));
    }

    @Test
    void headerWinsAndEmptyMeansAbsent() {
        assertEquals(new StreamMessageId(5, 1), EventCursor.of("5-1", "7-0"));
        assertEquals(new StreamMessageId(7, 0), EventCursor.of("", "7-0"));
        assertNull(EventCursor.of(null, null));
        assertNull(EventCursor.of("", ""));
        assertThrows(InvalidRequestException.class, () -> EventCursor.of("bad", "7-0"));
    }
}
