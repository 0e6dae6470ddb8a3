package dev.kickout.it.fuzz;

import java.util.List;

/**
 * Hostile values the fuzz suite draws from. Path and query values are written into the request
 * target as they stand (so {@code %00} reaches the server percent-encoded, a raw space or raw
 * UTF-8 as such); header values likewise go out as raw bytes.
 */
final class Hostile {

    /** Cursor-like values: none of them is an id the server handed out. */
    static final List<String> BAD_CURSORS = List.of(
            "18446744073709551615-18446744073709551615",
            "18446744073709551615-0",
            "9223372036854775808-0",
            "0-9223372036854775808",
            "99999999999999999999-0",
            "-1-0",
            "-9223372036854775808-0",
            "0-",
            "-0",
            "-",
            "1",
            "1-2-3",
            "+1-0",
            "0x10-0",
            "1e3-0",
            "1.5-0",
            "abc",
            "$",
            "*",
            ">",
            "2026-11-30T12:00:00Z",
            "00000000-0000-0000-0000-000000000000",
            "1".repeat(5000) + "-0",
            "ünïcödé-0",
            "١٢-٣");

    /** Cursors of the right form that no event or entry has (far beyond the newest, or below all). */
    static final List<String> UNUSED_CURSORS = List.of("9223372036854775807-9223372036854775807", "0-0", "1-0",
            "4102444800000-0");

    /** Path segments. */
    static final List<String> SEGMENTS = List.of(
            "*", ":", "{", "}", "{kickout}:*", "%00", "a%00b", "%0d%0a", "a%0d%0aX-Injected:%201", "a b", "%20",
            "..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%2f", "ünïcödé", "%C3%BC", "%FF%FE", "%C0%AF", "😀", "%F0%9F%98%80",
            "A".repeat(300), "x".repeat(5000), "%", "%zz", ";jsessionid=1", "a;b=c", "%3F", "%23", "\\", "%5c",
            "0", "-1", "18446744073709551615", "null", "<script>", "'%22", "%09", "%7f", "CON", ".", "~", "a:b",
            "%u0000", "1e9999", "doc-1%00.json", "$%7Bjndi:ldap:x%7D");

    /** Integer-like query values ({@code offset}, {@code limit}). */
    static final List<String> NUMBERS = List.of("-1", "0", "1", "500", "501", "2147483647", "2147483648",
            "-2147483649", "99999999999999999999", "1e3", "0x10", "1.5", "%201", "NaN", "", "%D9%A1", "%00", "1%0d%0a",
            "9".repeat(5000));

    /** Instant-like query values ({@code from}, {@code to}). */
    static final List<String> INSTANTS = List.of("2026-13-01T00:00:00Z", "%2B1000000000-01-01T00:00:00Z",
            "-999999999-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "0", "now",
            "2026-11-30T12:00:00%2B25:00", "2026-11-30", "1969-12-31T23:59:59Z", "x".repeat(3000));

    /** Free text ({@code reason}, {@code userId}, {@code action}, ...), already percent-encoded where needed. */
    static final List<String> TEXTS = List.of("", "%00", "%0d%0a", "a%0d%0aINJECTED", "%C3%BC", "%FF", "x".repeat(5000),
            "FORCE_LOGOUT", "force_logout", "*", "%25", "%E2%80%AE", "%1b%5b31m", "a%2Cb", "web", "alice%00");

    /** Session cookie values (cookie mode): odd, oversized, well-formed but unknown, several at once. ASCII only (see CookieSessionIT). */
    static final List<String> COOKIES = List.of("", "x".repeat(8000), "\"quoted\"", "a;b", "%00%0d%0a", "{}<>[]\\",
            "AAAAAAAAAAAAAAAAAAAAAA." + "A".repeat(43), "AAAAAAAAAAAAAAAAAAAAAA." + "A".repeat(43) + "; KICKOUT_SESSION=x",
            "=; KICKOUT_CSRF=" + "c".repeat(300));
    /** {@code next} values of the cookie-mode form login. */
    static final List<String> NEXTS = List.of("//evil.example", "https://evil.example", "/%5Cevil", "%2F%2Fevil", "/..%2F..",
            "/" + "a".repeat(5000), "%0d%0aLocation:%20http://evil", "%ZZ", "%");

    static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "HEAD",
            "CONNECT", "PROPFIND", "M-SEARCH", "FOO", "get", "X".repeat(300));

    static final List<String> CONTENT_TYPES = List.of("application/json", "application/json; charset=utf-16",
            "application/json; charset=nope", "text/plain", "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x", "application/xml", "*/*", "application/json;;;", "",
            "application/problem+json", "application/json; charset=\"\u00ff\"", "json", "a/b/c");

    static final List<String> ACCEPTS = List.of("text/html", "application/xml", "*/*;q=x", "text/event-stream", "",
            "application/json;q=0", "application/problem+json", "image/*", "x".repeat(5000));

    static final List<String> LANGUAGES = List.of("zh-CN", "en", "xx-INVALID-TAG-123456789", "*;q=abc", "a".repeat(5000),
            "en;q=2", "\u00fc\u00ef", "zh-Hant-TW-u-nu-hanidec", ",,,;;;", "de-DE-1996-x-private");

    static final List<String> LOCK_TOKENS = List.of("", "x".repeat(10_000), "\u00fc\u00ef", "*", "{lock:a:b}",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "../../etc/passwd", "null", "%00", "a b", "\u00ff\u00fe");

    /** Authorization header values (besides the valid ones and their near misses). */
    static final List<String> AUTHORIZATIONS = List.of("Bearer", "Bearer ", "Bearer    ", "Basic YWxpY2U6YWxpY2U=",
            "Bearer a b c", "Bearer \u00fc\u00ef", "Bearer " + "x".repeat(10_000), "Bearer {kickout}:*", "Digest x",
            "Bearer null", "Bearer ../../etc", "bearer", "BEARER x", "Bearer\tx", "x".repeat(300));

    /** JSON-ish bodies; each may land on any endpoint. */
    static final List<String> BODIES = List.of("{", "}", "[", "null", "true", "0", "1e999999", "-1e999999", "\"s\"",
            "[]", "{}", "{\"username\":5}", "{\"username\":{},\"password\":[]}", "{\"reason\":{}}", "{\"reason\":[1,2]}",
            "{\"reason\":\"" + "x".repeat(100_000) + "\"}", "{\"reason\":\"a\\u0000b\\r\\nINJECTED\"}",
            "{\"reason\":\"\\ud800\"}", "{\"version\":\"x\"}", "{\"version\":1e40}",
            "{\"version\":-9223372036854775809}", "{\"version\":99999999999999999999999}", "{\"version\":1.5}",
            "{\"title\":null,\"body\":null,\"version\":null}", "{\"title\":\"" + "t".repeat(100_000) + "\",\"version\":0}",
            "{\"reason\":\"a\",\"reason\":\"b\"}", "{\"deviceType\":\"*\",\"reason\":\"x\"}",
            "{\"username\":\"al", "username=x&password=y", "\u0000", " ", "\ufeff{}",
            "{\"username\":\"nobody\",\"password\":\"x\",\"deviceType\":\"web\",\"clientId\":\"c\"}",
            "{\"username\":\"nobody\",\"password\":\"x\",\"deviceType\":\"" + "w".repeat(5000) + "\",\"clientId\":\"c\"}",
            "{\"username\":\"\\u0000\",\"password\":\"\\u0000\",\"deviceType\":\"web\",\"clientId\":\"c\"}",
            "[".repeat(100_000), "{\"a\":".repeat(20_000), "[" + "1,".repeat(50_000) + "1]");

    private Hostile() {
    }
}
