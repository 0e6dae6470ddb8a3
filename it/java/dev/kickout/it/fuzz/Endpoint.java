package dev.kickout.it.fuzz;

import java.util.List;

/**
 * One endpoint of the contract as the fuzzer sees it: its group (for the counts), method, path
 * relative to the REST root (or to the context root when it starts with {@code /}) with
 * placeholders, the body it takes and its query parameters.
 */
record Endpoint(String group, String method, String path, BodyKind body, List<String> query) {

    enum BodyKind { NONE, LOGIN, REASON, KICK, DOCUMENT }

    static Endpoint of(String group, String method, String path, BodyKind body, String... query) {
        return new Endpoint(group, method, path, body, List.of(query));
    }

    /** Every endpoint of CONTRACT.md, the reference app's and a few outside the REST root. */
    static final List<Endpoint> ALL = List.of(
            of("auth", "POST", "auth/login", BodyKind.LOGIN),
            of("auth", "POST", "auth/logout", BodyKind.NONE),
            of("auth", "GET", "auth/me", BodyKind.NONE),
            of("auth", "GET", "auth/status", BodyKind.NONE),
            of("sessions", "GET", "admin/sessions", BodyKind.NONE, "userId", "deviceType", "offset", "limit"),
            of("sessions", "GET", "admin/users/online", BodyKind.NONE, "offset", "limit"),
            of("sessions", "POST", "admin/users/{userId}/logout", BodyKind.KICK),
            of("sessions", "DELETE", "admin/sessions/{sessionId}", BodyKind.NONE, "reason"),
            of("admin-locks", "GET", "admin/locks", BodyKind.NONE, "type", "userId", "offset", "limit"),
            of("admin-locks", "POST", "admin/locks/{releaseType}/{id}/release", BodyKind.REASON),
            of("audit", "GET", "admin/audit", BodyKind.NONE, "limit", "before", "actor", "target", "action", "from", "to"),
            of("streams", "GET", "admin/streams", BodyKind.NONE),
            of("locks", "POST", "locks/{type}/{id}", BodyKind.NONE),
            of("locks", "PUT", "locks/{type}/{id}/heartbeat", BodyKind.NONE, "idleSeconds"),
            of("locks", "DELETE", "locks/{type}/{id}", BodyKind.NONE),
            of("locks", "GET", "locks/{type}/{id}", BodyKind.NONE),
            of("lock-rooms", "POST", "locks/{type}/{id}/queue", BodyKind.NONE),
            of("lock-rooms", "GET", "locks/{type}/{id}/queue", BodyKind.NONE),
            of("lock-rooms", "DELETE", "locks/{type}/{id}/queue", BodyKind.NONE),
            of("lock-rooms", "PUT", "locks/{type}/{id}/presence", BodyKind.NONE),
            of("lock-rooms", "DELETE", "locks/{type}/{id}/presence", BodyKind.NONE),
            of("lock-rooms", "POST", "locks/{type}/{id}/handover", BodyKind.REASON),
            of("lock-rooms", "POST", "locks/{type}/{id}/handover/{id}", BodyKind.REASON),
            of("admin-locks", "GET", "admin/lock-queues", BodyKind.NONE, "offset", "limit"),
            of("events", "GET", "events", BodyKind.NONE, "ticket", "lastEventId"),
            of("events", "POST", "events/ticket", BodyKind.NONE),
            of("documents", "GET", "app/documents", BodyKind.NONE),
            of("documents", "GET", "app/documents/{docId}", BodyKind.NONE),
            of("documents", "PUT", "app/documents/{docId}", BodyKind.DOCUMENT, "release"),
            of("documents", "GET", "app/demo/whoami", BodyKind.NONE),
            of("other", "GET", "no/such/{id}", BodyKind.NONE),
            of("other", "GET", "", BodyKind.NONE),
            of("other", "GET", "/kickout/kickout-client.js", BodyKind.NONE),
            of("other", "GET", "/", BodyKind.NONE));
}
