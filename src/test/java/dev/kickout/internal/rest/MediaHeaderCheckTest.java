package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MediaHeaderCheckTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "application/json | true",
            "*/* | true",
            "text/event-stream;q=0.5 | true",
            "application/json; q=1 | true",
            "*/*;q=x | false",
            "*/*;q= | false",
            "*/*;q=2 | false",
            "*/*;q=-0.1 | false",
            "*/*;q=NaN | false",
            "text/html;level=1;q=0.3 | true",
            "*/*;Q=x | false",
    })
    void checksTheQualityOfEachMediaRange(String range, boolean wellFormed) {
        assertEquals(wellFormed, MediaHeaderCheck.qualityWellFormed(range));
    }
}
