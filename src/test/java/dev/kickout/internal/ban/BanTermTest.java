package dev.kickout.internal.ban;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kickout.InvalidRequestException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class BanTermTest {

    private static final Duration MAX = Duration.ofDays(366);

    @ParameterizedTest
    @CsvSource({"PT30M, PT30M", "PT3S, PT3S", "P1D, PT24H", "P366D, P366D", " PT1H , PT1H"})
    void aLengthWithinTheLongestBan(String ban, String length) {
        assertEquals(new BanTerm.Length(Duration.parse(length)), BanTerm.parse(ban, MAX));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-12-08T10:00:00Z", "2020-01-01T00:00:00Z", "2099-01-01T00:00:00.123Z"})
    void anInstantIsLeftToRedisClock(String ban) {
        assertEquals(new BanTerm.Until(Instant.parse(ban)), BanTerm.parse(ban, MAX));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"  ", "30m", "PT", "P", "PT30X", "tomorrow", "2026-12-08", "2026-12-08T10:00:00",
            "2026-13-08T10:00:00Z", "PT99999999999999999999H", "-", "P1Y"})
    void malformed(String ban) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> BanTerm.parse(ban, MAX));
        assertEquals("INVALID_REQUEST", e.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"PT0S", "-PT30M", "PT-1S", "P367D", "P1000D", "PT8785H"})
    void notPositiveOrTooLong(String ban) {
        assertThrows(InvalidRequestException.class, () -> BanTerm.parse(ban, MAX));
    }

    @ParameterizedTest
    @ValueSource(strings = {"P366DT1S"})
    void aSecondBeyondTheLongest(String ban) {
        assertThrows(InvalidRequestException.class, () -> BanTerm.parse(ban, MAX));
    }

    @org.junit.jupiter.api.Test
    void anEndIsRequired() {
        assertThrows(InvalidRequestException.class, () -> BanTerm.until(null));
        assertThrows(InvalidRequestException.class, () -> BanTerm.of(null, MAX));
    }
}
