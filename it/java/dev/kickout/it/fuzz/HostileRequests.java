package dev.kickout.it.fuzz;

import dev.kickout.it.fuzz.Endpoint.BodyKind;
import dev.kickout.it.fuzz.Probe.Caller;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Generates the fuzz requests from a seed: a fixed part (every endpoint with each caller, every
 * hostile cursor and paging value where one is read, the oversized requests) and any number of
 * random ones, each a valid-looking request of one endpoint with one to three hostile mutations.
 *
 * <p>None of them may force anything: kicks and force releases only ever name users and
 * resources that nobody holds ({@code nobody-fuzz}, lock type {@code unheld} or invalid ones),
 * and no login body names a real user.
 */
final class HostileRequests {

    /** A lock the fuzz user holds, so heartbeat/release/check meet a real lock. */
    static final String HELD_TYPE = "fuzz";
    static final String HELD_ID = "held";

    private static final Pattern LOCK_TYPE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");
    private static final Caller[] CALLERS = Caller.values();

    private final Random random;
    private final String context;

    /** @param context the context root, e.g. {@code /fuzz} */
    HostileRequests(long seed, String context) {
        this.random = new Random(seed);
        this.context = context;
    }

    List<Probe> fixed() {
        List<Probe> probes = new ArrayList<>();
        for (Endpoint endpoint : Endpoint.ALL) {
            for (Caller caller : CALLERS) {
                probes.add(base(endpoint, caller));
            }
        }
        Endpoint events = find("GET", "events");
        List<String> cursors = new ArrayList<>(Hostile.BAD_CURSORS);
        cursors.addAll(Hostile.UNUSED_CURSORS);
        for (String cursor : cursors) {
            for (Caller caller : List.of(Caller.USER, Caller.ADMIN)) {
                probes.add(base(events, caller).header("Last-Event-ID", cursor));
                probes.add(base(events, caller).target(target(events, Map.of(), "lastEventId=" + cursor)));
            }
            Endpoint audit = find("GET", "admin/audit");
            probes.add(base(audit, Caller.ADMIN).target(target(audit, Map.of(), "before=" + cursor)));
        }
        for (String ticket : Hostile.LOCK_TOKENS) {
            probes.add(base(events, Caller.NONE).target(target(events, Map.of(), "ticket=" + ticket)));
        }
        Endpoint audit = find("GET", "admin/audit");
        for (String instant : Hostile.INSTANTS) {
            probes.add(base(audit, Caller.ADMIN).target(target(audit, Map.of(), "from=" + instant)));
            probes.add(base(audit, Caller.ADMIN).target(target(audit, Map.of(), "to=" + instant)));
        }
        for (Endpoint listing : List.of(find("GET", "admin/sessions"), find("GET", "admin/users/online"),
                find("GET", "admin/locks"), audit)) {
            for (String number : Hostile.NUMBERS) {
                for (String param : listing.query().contains("offset") ? List.of("offset", "limit") : List.of("limit")) {
                    probes.add(base(listing, Caller.ADMIN).target(target(listing, Map.of(), param + "=" + number)));
                }
            }
        }
        probes.addAll(oversized());
        probes.addAll(cookies());
        return probes;
    }

    /** One random hostile request. */
    Probe next() {
        Endpoint endpoint = pick(Endpoint.ALL);
        Probe probe = base(endpoint, pick(Arrays.asList(CALLERS)));
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations; i++) {
            switch (random.nextInt(5)) {
                case 0 -> probe.target(target(endpoint, hostileValues(), ""));
                case 1 -> probe.method(pick(Hostile.METHODS));
                case 2 -> probe.target(target(endpoint, Map.of(), hostileQuery(endpoint)));
                case 3 -> hostileHeader(probe);
                default -> hostileBody(probe);
            }
        }
        return probe;
    }

    /** Cookie mode: hostile session cookies on every endpoint (as an API call and as a page load), hostile form logins. */
    private List<Probe> cookies() {
        List<Probe> probes = new ArrayList<>();
        for (Endpoint endpoint : Endpoint.ALL) {
            for (String cookie : Hostile.COOKIES) {
                probes.add(base(endpoint, Caller.NONE).header("Cookie", "KICKOUT_SESSION=" + cookie));
            }
            probes.add(base(endpoint, Caller.NONE).header("Cookie", "KICKOUT_SESSION=" + Hostile.COOKIES.get(6))
                    .header("Accept", "text/html"));
        }
        Endpoint login = find("POST", "auth/login");
        for (String next : Hostile.NEXTS) {
            for (String origin : List.of("", "null")) {
                Probe form = new Probe(login.group(), "POST", target(login, Map.of(), "")).caller(Caller.NONE)
                        .body("username=nobody-fuzz&password=x&next=" + next, "application/x-www-form-urlencoded");
                probes.add(origin.isEmpty() ? form : form.header("Origin", origin));
            }
        }
        return probes;
    }

    private List<Probe> oversized() {
        Endpoint login = find("POST", "auth/login");
        Endpoint save = find("PUT", "app/documents/{docId}");
        Endpoint locks = find("GET", "locks/{type}/{id}");
        Endpoint events = find("GET", "events");
        String huge = "{\"username\":\"" + "u".repeat(11 * 1024 * 1024) + "\"}";
        List<Probe> probes = new ArrayList<>(List.of(
                base(locks, Caller.USER).target(target(locks, Map.of("id", "a".repeat(70_000)), "")),
                base(events, Caller.USER).target(target(events, Map.of(), "lastEventId=" + "1".repeat(70_000))),
                base(locks, Caller.USER).header("X-Lock-Token", "t".repeat(70_000)),
                base(locks, Caller.NONE).header("Authorization", "Bearer " + "x".repeat(2 * 1024 * 1024)),
                base(login, Caller.NONE).body(huge, "application/json"),
                base(save, Caller.USER).body(huge, "application/json"),
                base(login, Caller.NONE).body("{\"username\":\"" + "u".repeat(2 * 1024 * 1024) + "\"}", "application/json"),
                base(login, Caller.NONE).rawHeader("Content-Length: 99999999999".getBytes(StandardCharsets.US_ASCII),
                        "Content-Length: 99999999999").body("{}".getBytes(StandardCharsets.US_ASCII))));
        Probe manyHeaders = base(find("GET", "auth/me"), Caller.USER);
        for (int i = 0; i < 300; i++) {
            manyHeaders.header("X-Fuzz-" + i, "v" + i);
        }
        probes.add(manyHeaders);
        return probes;
    }

    private Probe base(Endpoint endpoint, Caller caller) {
        Probe probe = new Probe(endpoint.group(), endpoint.method(), target(endpoint, Map.of(), "")).caller(caller);
        String body = switch (endpoint.body()) {
            case NONE -> null;
            case LOGIN -> "{\"username\":\"nobody-fuzz\",\"password\":\"x\",\"deviceType\":\"web\",\"clientId\":\"fuzz\"}";
            case REASON, KICK -> "{\"reason\":\"fuzz\"}";
            case DOCUMENT -> "{\"title\":\"t\",\"body\":\"b\",\"version\":0}";
        };
        return body == null ? probe : probe.body(body, "application/json");
    }

    private String target(Endpoint endpoint, Map<String, String> values, String query) {
        Map<String, String> all = new LinkedHashMap<>(Map.of("type", HELD_TYPE, "id", HELD_ID, "releaseType", "unheld",
                "userId", "nobody-fuzz", "sessionId", "no-such-session", "docId", "doc-1"));
        all.putAll(values);
        String path = endpoint.path();
        for (Map.Entry<String, String> value : all.entrySet()) {
            path = path.replace("{" + value.getKey() + "}", value.getValue());
        }
        String root = endpoint.path().startsWith("/") ? context : context + "/api/";
        return root + (endpoint.path().startsWith("/") ? path.substring(1) : path) + (query.isEmpty() ? "" : "?" + query);
    }

    private Map<String, String> hostileValues() {
        String releaseType = pick(Hostile.SEGMENTS);
        return Map.of("type", pick(Hostile.SEGMENTS), "id", pick(Hostile.SEGMENTS),
                // a valid type here could name a lock the fuzz itself took: a force release is never hostile enough
                "releaseType", LOCK_TYPE.matcher(releaseType).matches() ? "unheld" : releaseType,
                "userId", pick(Hostile.SEGMENTS), "sessionId", random.nextBoolean() ? pick(Hostile.SEGMENTS)
                        : pick(Hostile.BAD_CURSORS), "docId", pick(Hostile.SEGMENTS));
    }

    private String hostileQuery(Endpoint endpoint) {
        if (endpoint.query().isEmpty()) {
            return pick(List.of("a=%00", "=", "&&&", "%zz=1", "x=1&".repeat(3000), "release=maybe", "ticket=*",
                    "lastEventId=-1-0", "%00=%00", "a=%C3"));
        }
        StringBuilder query = new StringBuilder();
        for (String param : endpoint.query()) {
            if (random.nextInt(3) > 0) {
                query.append(query.length() == 0 ? "" : "&").append(param).append('=').append(valueFor(param));
            }
        }
        if (random.nextInt(4) == 0) {
            String param = pick(endpoint.query());
            query.append("&").append(param).append('=').append(valueFor(param)); // the same parameter twice
        }
        return query.toString();
    }

    private String valueFor(String param) {
        return switch (param) {
            case "offset", "limit" -> pick(Hostile.NUMBERS);
            case "before", "lastEventId" -> random.nextBoolean() ? pick(Hostile.BAD_CURSORS) : pick(Hostile.UNUSED_CURSORS);
            case "from", "to" -> pick(Hostile.INSTANTS);
            case "ticket" -> pick(Hostile.LOCK_TOKENS);
            case "release" -> pick(List.of("true", "false", "yes", "1", "", "%00", "TRUE"));
            default -> pick(Hostile.TEXTS);
        };
    }

    private void hostileHeader(Probe probe) {
        switch (random.nextInt(18)) {
            case 0 -> probe.header("Last-Event-ID", random.nextBoolean() ? pick(Hostile.BAD_CURSORS) : pick(Hostile.UNUSED_CURSORS));
            case 1 -> probe.header("X-Lock-Token", pick(Hostile.LOCK_TOKENS));
            case 2 -> probe.header("Content-Type", pick(Hostile.CONTENT_TYPES));
            case 3 -> probe.header("Accept", pick(Hostile.ACCEPTS));
            case 4 -> probe.header("Accept-Language", pick(Hostile.LANGUAGES));
            case 5 -> probe.header("Authorization", pick(Hostile.AUTHORIZATIONS));
            case 6 -> probe.rawHeader(ascii("Content-Length: 2"), "Content-Length: 2")
                    .rawHeader(ascii("Content-Length: 5"), "Content-Length: 5 (twice)").body(ascii("{}"));
            case 7 -> probe.rawHeader(ascii("Transfer-Encoding: chunked"), "Transfer-Encoding: chunked")
                    .rawHeader(ascii("Content-Length: 4"), "Content-Length: 4").body(ascii("2\r\n{}\r\n0\r\n\r\n"));
            case 8 -> probe.rawHeader(ascii("Transfer-Encoding: chunked"), "Transfer-Encoding: chunked (bad chunks)")
                    .header("Content-Type", "application/json").body(ascii("zz\r\n{}\r\n"));
            case 9 -> probe.rawHeader(pick(List.of(bytes("X-Lock-Token: a", 0, "b"), bytes("Accept-Language: ", 0x7f, "\u00ff"),
                    bytes("Last-Event-ID: 1-0", 0, ""), bytes("Accept: text/", 0x0b, "html"), bytes("X-Lock-Token: ", 0xff, "\u00fe"),
                    bytes("Authorization: Bearer a", '\r', "b"))), "a header with control or non-ASCII bytes");
            case 10 -> probe.rawHeader(utf8(pick(List.of("Bad Header: x", "X-\u00dc: 1", ": empty-name", "NoColon",
                    "X-Lock-Token : spaced", "\tX: leading-tab"))), "an invalid header line");
            case 11 -> probe.rawHeader(ascii("X-Lock-Token: a\r\n  folded"), "obs-fold");
            case 12 -> probe.header("Expect", pick(List.of("100-continue", "nonsense", "")));
            case 13 -> probe.header("Host", pick(List.of("evil.example", "", "127.0.0.1:1", "\u00fc")));
            case 14 -> probe.header("Content-Encoding", pick(List.of("gzip", "deflate", "br", "x-nonsense")))
                    .body("{\"reason\":\"plain\"}", "application/json");
            case 15 -> probe.header("X-HTTP-Method-Override", pick(List.of("DELETE", "PATCH", "FOO")));
            case 16 -> probe.header("Range", pick(List.of("bytes=0-0", "bytes=99999999999-", "bytes=-1", "x")));
            default -> probe.header("Cookie", pick(List.of("JSESSIONID=" + "x".repeat(5000), "a=%00", "=;=;=")));
        }
    }

    private void hostileBody(Probe probe) {
        String contentType = random.nextInt(10) < 7 ? "application/json" : pick(Hostile.CONTENT_TYPES);
        switch (random.nextInt(5)) {
            case 0 -> probe.header("Content-Type", contentType)
                    .body(new byte[] {'{', '"', 'r', 'e', 'a', 's', 'o', 'n', '"', ':', '"', (byte) 0xc3, 0x28, (byte) 0xff, '"', '}'});
            case 1 -> probe.body("reason=x&username=alice&password=" + "%00".repeat(100), "application/x-www-form-urlencoded");
            case 2 -> probe.header("Content-Type", "application/json; charset=UTF-16")
                    .body("{\"reason\":\"x\"}".getBytes(StandardCharsets.UTF_16LE));
            default -> probe.body(pick(Hostile.BODIES), contentType);
        }
    }

    private Endpoint find(String method, String path) {
        return Endpoint.ALL.stream().filter(e -> e.method().equals(method) && e.path().equals(path)).findFirst().orElseThrow();
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String before, int raw, String after) {
        byte[] head = before.getBytes(StandardCharsets.ISO_8859_1);
        byte[] tail = after.getBytes(StandardCharsets.ISO_8859_1);
        byte[] line = Arrays.copyOf(head, head.length + 1 + tail.length);
        line[head.length] = (byte) raw;
        System.arraycopy(tail, 0, line, head.length + 1, tail.length);
        return line;
    }
}
