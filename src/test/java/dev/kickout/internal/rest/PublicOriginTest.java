package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which X-Forwarded-Host values may become the host of a URL the module emits. */
class PublicOriginTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
            "app.example.com          | app.example.com",
            "App.Example.COM:8443     | app.example.com:8443",
            " app.example.com         | app.example.com",
            "localhost                | localhost",
            "203.0.113.7:80           | 203.0.113.7:80",
            "[2001:db8::1]:443        | [2001:db8::1]:443",
            "[::1]                    | [::1]",
            "''                       | NONE",
            "app.example.com:0        | NONE",
            "app.example.com:65536    | NONE",
            "app.example.com:        | NONE",
            "app.example.com, evil.example | NONE",
            "evil.example/path        | NONE",
            "user@app.example.com     | NONE",
            "app example.com          | NONE",
            "-app.example.com         | NONE",
            "app..example.com         | NONE",
            "[not:an:ip:x]            | NONE",
            "[2001:db8::1             | NONE",
            "2001:db8::1              | NONE",
            "https://app.example.com  | NONE",
    })
    void onlyAHostAndPortPass(String value, String expected) {
        assertEquals(expected, PublicOrigin.validHost(value));
    }

    @Test
    void controlCharactersAndLongValuesDoNotPass() {
        assertNull(PublicOrigin.validHost("app.example.com\r\nSet-Cookie: x=y"));
        assertNull(PublicOrigin.validHost("app.example.com\u0000"));
        assertNull(PublicOrigin.validHost("a".repeat(64) + ".example.com"));
        assertNull(PublicOrigin.validHost(("a".repeat(60) + ".").repeat(5) + "com"));
        assertEquals("b".repeat(63) + ".example.com", PublicOrigin.validHost("b".repeat(63) + ".example.com"));
    }
}
