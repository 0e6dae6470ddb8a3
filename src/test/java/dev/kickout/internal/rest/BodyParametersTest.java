package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BodyParametersTest {

    @Test
    void theQueryStringsValuesOfTheNameAreCounted() {
        String[][] rows = {
                // query, name, count
                {null, "_csrf", "0"},
                {"", "_csrf", "0"},
                {"_csrf=x", "_csrf", "1"},
                {"a=1&_csrf=x&_csrf=y", "_csrf", "2"},
                {"%5Fcsrf=x", "_csrf", "1"},
                {"_csrf", "_csrf", "1"},
                {"_csrfx=1&x_csrf=2&csrf=3", "_csrf", "0"},
                {"lock%ZZToken=1&lockToken=%ZZ&lockToken=t", "lockToken", "2"},
        };
        for (String[] row : rows) {
            assertEquals(Integer.parseInt(row[2]), BodyParameters.countInQuery(row[0], row[1]), row[0]);
        }
    }
}
