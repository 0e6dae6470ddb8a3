package dev.kickout.config;

/**
 * Every {@code kickout.*} configuration key, with its default and what it does.
 * The configuration reference, {@code docs/reference/configuration.md}, is generated from this enum, one row per constant.
 */
public enum Setting {

    KEY_PREFIX("kickout.key-prefix", "kickout",
            "Namespace of every Redis key; deployments sharing one Redis need different prefixes."),
    REDIS_ADDRESS("kickout.redis.address", "redis://127.0.0.1:6379",
            "Address of a single Redis server, used when kickout.redis.config is empty."),
    REDIS_CONFIG("kickout.redis.config", "",
            "Path of a Redisson YAML file (single server, Sentinel or Cluster); wins over kickout.redis.address."),
    REDIS_TIMEOUT("kickout.redis.timeout", "PT1S",
            "How long one Redis command may take before the request fails with 503 STORE_UNAVAILABLE."),
    REDIS_BREAKER_THRESHOLD("kickout.redis.breaker.failures", "3",
            "Consecutive Redis timeouts or connection failures after which requests answer 503 at once while a probe waits for Redis."),
    REDIS_BREAKER_PROBE("kickout.redis.breaker.probe-interval", "PT0.2S",
            "How often the open breaker probes Redis; service resumes on the first probe that succeeds."),
    STORE_RETRY_AFTER("kickout.store.retry-after", "PT5S",
            "Retry-After sent with 503 STORE_UNAVAILABLE; also how long Redis must serve without a refusal before that state counts as over."),
    SESSION_TTL("kickout.session.ttl", "PT30M",
            "Idle timeout: every authenticated request pushes a session's expiry this far forward."),
    SESSION_MAX_LIFETIME("kickout.session.max-lifetime", "PT12H",
            "Absolute cap on a session's life, whatever its activity."),
    SESSION_NEAR_CACHE("kickout.session.near-cache", "true",
            "Answer token checks from a per-instance cache of live sessions, fenced by the invalidation channel's"
            + " heartbeats (no Redis round trip per request); false checks every request in Redis."),
    SESSION_NEAR_CACHE_SILENCE("kickout.session.near-cache.silence", "PT0.05S",
            "How long after its last heard heartbeat was sent (Redis's time) the near cache keeps answering;"
            + " then it empties and requests go to Redis until a fresh heartbeat is heard. It bounds how long an"
            + " instance cut off from Redis may still accept a token revoked meanwhile; heartbeats go every fifth of it."),
    SESSION_NEAR_CACHE_MAX_AGE("kickout.session.near-cache.max-age", "PT1M",
            "Longest a cached session is answered before it is read from Redis again."),
    SESSION_NEAR_CACHE_SIZE("kickout.session.near-cache.size", "100000",
            "Sessions the near cache holds at most; tokens beyond it are checked in Redis."),
    SESSION_TOUCH_INTERVAL("kickout.session.touch-interval", "PT1S",
            "With the near cache, how often the sliding expiry of sessions it answered is written to Redis"
            + " (batched, one write per session per interval)."),
    LOGIN_POLICY("kickout.login.policy", "MULTI",
            "MULTI, SINGLE, PER_DEVICE_TYPE or MAX_SESSIONS: what a new login does to the user's other sessions."),
    LOGIN_MAX_SESSIONS("kickout.login.max-sessions", "3",
            "Sessions a user may hold under MAX_SESSIONS."),
    LOGIN_WHEN_FULL("kickout.login.when-full", "EVICT_OLDEST",
            "EVICT_OLDEST or REJECT: what MAX_SESSIONS, and the per-user cap under every policy, do with a login beyond the limit."),
    LOGIN_MAX_SESSIONS_PER_USER("kickout.login.max-sessions-per-user", "100",
            "Hard cap on one user's live sessions under every policy (MULTI included)."),
    LOGIN_MAX_DEVICE_TYPES("kickout.login.max-device-types", "10",
            "Distinct deviceType labels one user's live sessions may carry; a login with one more is refused (409 SESSION_LIMIT)."),
    LOGIN_MAX_TOMBSTONES_PER_USER("kickout.login.max-tombstones-per-user", "1000",
            "Ended sessions per user whose tokens still answer why (KICKED, REPLACED, ...); older ones answer TOKEN_INVALID."),
    LOGIN_THROTTLE_WINDOW("kickout.login.throttle.window", "PT15M",
            "Window in which failed logins are counted, and how long a throttled username, address or device waits at most."),
    LOGIN_THROTTLE_MAX_PER_USER_AND_ADDRESS("kickout.login.throttle.max-failures-per-user-and-address", "10",
            "Failed logins of one username from one client address (without that user's device cookie) within the window before further such attempts get 429 TOO_MANY_ATTEMPTS."),
    LOGIN_THROTTLE_MAX_PER_USER("kickout.login.throttle.max-failures-per-user", "100",
            "Failed logins of one username from all addresses together (without that user's device cookie) within the window before any client without it gets 429; a known device is not held by it."),
    LOGIN_THROTTLE_MAX_PER_ADDRESS("kickout.login.throttle.max-failures-per-address", "50",
            "Failed logins from one client address, whatever the username, within the window before further attempts from it (without a device cookie) get 429 TOO_MANY_ATTEMPTS."),
    LOGIN_THROTTLE_MAX_PER_DEVICE("kickout.login.throttle.max-failures-per-device", "10",
            "Failed logins with one known device's cookie within the window before that device gets 429 TOO_MANY_ATTEMPTS; it has its own budget, apart from the others."),
    LOGIN_DEVICES_PER_USER("kickout.login.throttle.devices-per-user", "20",
            "Known devices kept per username; a sign-in from one more forgets the one whose last sign-in is the oldest."),
    LOGIN_DEVICE_LIFETIME("kickout.login.throttle.device-lifetime", "P30D",
            "How long a device cookie (KICKOUT_DEVICE, issued on a successful sign-in) keeps its device known since its last successful sign-in."),
    TRUSTED_PROXIES("kickout.trusted-proxies", "",
            "Comma-separated CIDRs (IPv4 or IPv6, e.g. 10.0.0.0/8,::1/128) of reverse proxies whose X-Forwarded-For, -Proto and -Host are believed; empty: nobody's, the headers are ignored."),
    ADMIN_ROLE("kickout.admin.role", "admin",
            "Role required by the /admin endpoints."),
    FILTER_INCLUDE("kickout.filter.include", "",
            "The host's own paths (comma-separated, exact or ending in /*) whose requests need a session; empty: the host's applications mapped below the module's REST root, if any. The module's own endpoints are always guarded."),
    FILTER_EXCLUDE("kickout.filter.exclude", "",
            "The host's own paths exempt from the check, even inside kickout.filter.include."),
    LOCK_TTL("kickout.lock.ttl", "PT5M",
            "An edit lock lives this long past its last heartbeat."),
    LOCK_HEARTBEAT("kickout.lock.heartbeat", "PT30S",
            "How often clients should send a heartbeat (told to them as heartbeatSeconds); shorter than kickout.lock.ttl."),
    LOCK_MAX_HOLD("kickout.lock.max-hold", "PT8H",
            "Cap on one holding of a lock, heartbeats or not."),
    LOCK_TYPES("kickout.lock.types", "",
            "Comma-separated lock types clients may lock (each as in /locks/{type}/...); types named by @RequiresEditLock are added. Empty: any type (a warning at start); an undeclared type answers 400 LOCK_TYPE_UNKNOWN."),
    LOCK_MAX_PER_SESSION("kickout.lock.max-per-session", "20",
            "Edit locks one session may hold at once; one more answers 409 LOCK_LIMIT."),
    LOCK_MAX_PER_USER("kickout.lock.max-per-user", "50",
            "Edit locks one user may hold at once over all its sessions; one more answers 409 LOCK_LIMIT."),
    LOCK_FORCE_RELEASE_GRACE("kickout.lock.force-release-grace", "PT0.3S",
            "After an admin force-releases a lock, others may acquire it only after this pause (PT0S: at once)."),
    SSE_KEEPALIVE("kickout.sse.keepalive", "PT15S",
            "How often open event streams get a keep-alive comment."),
    SSE_MAX_STREAMS("kickout.sse.max-streams-per-session", "5",
            "Open event streams one session may hold; opening one more closes its oldest."),
    SSE_MAX_STREAMS_PER_USER("kickout.sse.max-streams-per-user", "20",
            "Open event streams one user may hold on one instance; one more is refused with 429 TOO_MANY_ATTEMPTS."),
    SSE_MAX_STREAMS_TOTAL("kickout.sse.max-streams", "10000",
            "Open event streams one instance holds at most; one more is refused with 429 TOO_MANY_ATTEMPTS and Retry-After."),
    SSE_MAX_AGE("kickout.sse.max-age", "PT1H",
            "A stream is closed after this long; the client reconnects with a fresh ticket and Last-Event-ID."),
    SSE_TICKET_TTL("kickout.sse.ticket-ttl", "PT30S",
            "Lifetime of a single-use event-stream ticket (at most PT30S)."),
    SSE_REPLAY_AGE("kickout.sse.replay-age", "PT10M",
            "How long a session's events stay replayable with Last-Event-ID (the last 100 at least)."),
    AUDIT_RETENTION("kickout.audit.retention", "P180D",
            "How long audit entries stay in Redis; force actions are removed by age only, never by count."),
    AUDIT_ACTIVITY_CAPACITY("kickout.audit.activity-capacity", "10000",
            "Routine audit entries (logouts, expiries, denials, throttled logins) kept in Redis at most; force actions are kept apart."),
    AUDIT_DENIAL_WINDOW("kickout.audit.denial-window", "PT1M",
            "Repeated denials by one caller within this window make one audit entry with a count."),
    AUDIT_DATASOURCE("kickout.audit.datasource", "",
            "JNDI name of a DataSource that also receives every audit entry (durable sink, queryable by /admin/audit filters); empty: Redis only."),
    CLEANUP_INTERVAL("kickout.cleanup.interval", "PT1M",
            "How often one instance sweeps orphaned lock data and stale index entries."),
    CLEANUP_BATCH("kickout.cleanup.batch", "500",
            "Entries the sweeper examines per index and tick, bounding its work."),
    CLOCK_OFFSET("kickout.clock-offset", "PT0S",
            "Tests only: shifts this instance's own clock to prove nothing depends on it."),
    OUTBOX_GRACE("kickout.outbox.grace", "PT3S",
            "A decision's follow-ups (audit, push, lock drops) left undone this long are delivered by any instance's outbox drainer."),
    OUTBOX_INTERVAL("kickout.outbox.interval", "PT1S",
            "How often each instance's outbox drainer looks at a quarter of the outbox shards."),
    OUTBOX_MAX_AGE("kickout.outbox.max-age", "PT1H",
            "An outbox entry still undelivered after this long is dropped and logged as an error."),
    TEST_FAULT_AFTER_DECISION("kickout.test.fault-after-decision", "false",
            "Tests only: this instance stops right after a kick, replacement or force release is decided, as if it died there."),
    TEST_NEAR_CACHE_FILL_DELAY("kickout.test.near-cache-fill-delay", "PT0S",
            "Tests only: a near-cache miss waits this long between reading Redis and filling the cache, to make a"
            + " fill race a revocation."),
    LOCK_TOKEN_PARAMETER("kickout.lock.token-parameter", "lockToken",
            "Request parameter (form field, query) in which @RequiresEditLock also finds the lock token."),
    REDIS_WAIT_REPLICAS("kickout.redis.wait-replicas", "auto",
            "Replicas that must acknowledge a kick, logout, replacement, force release or fence before it is confirmed (503 otherwise); auto: 1 with a Cluster, Sentinel, master/replica or replicated Redisson config, 0 on a single server."),
    REDIS_WAIT_TIMEOUT("kickout.redis.wait-timeout", "PT0.5S",
            "How long a decision waits for kickout.redis.wait-replicas acknowledgements (Redis WAIT) before the request answers 503 STORE_UNAVAILABLE."),
    ENABLED("kickout.enabled", "true",
            "false turns the module off: the filter passes every request through, its endpoints answer 404, no Redis connection, no timers, @RequiresEditLock passes through."),
    REST_OWN_APPLICATION("kickout.rest.own-application", "true",
            "false: the module's own REST root answers nothing (404), for a host that serves the endpoints from its own Application (KickoutResources.classes())."),
    CONTAINER_SECURITY_ENABLED("kickout.container-security.enabled", "false",
            "Container security mode: a Jakarta Security authentication mechanism validates the session and tells the container the caller (EJB and CDI @RolesAllowed, getCallerPrincipal, SecurityContext, web.xml constraints); read at deployment."),
    CONTAINER_SECURITY_ROLE_MAP("kickout.container-security.role-map", "",
            "In container security mode: module roles to the host's groups, comma-separated role=group pairs (a role may repeat to give several groups); unmapped roles pass through unchanged."),
    COOKIE_ENABLED("kickout.cookie.enabled", "false",
            "Cookie mode for server-rendered pages: a form login sets an HttpOnly session cookie, unsafe methods then need the CSRF token; the bearer header still wins."),
    COOKIE_NAME("kickout.cookie.name", "KICKOUT_SESSION",
            "Name of the session cookie in cookie mode (the CSRF token's cookie is KICKOUT_CSRF)."),
    COOKIE_SAME_SITE("kickout.cookie.same-site", "Lax",
            "SameSite attribute of both cookies: Lax, Strict or None (None needs TLS: browsers drop it without Secure)."),
    COOKIE_HOST_PREFIX("kickout.cookie.host-prefix", "auto",
            "The session cookie as __Host-<kickout.cookie.name> (Secure, Path=/, no Domain), which no sibling or parent domain can set: auto (when the client's origin is https), always (needs https) or never."),
    COOKIE_SIGN_IN_PAGE("kickout.cookie.sign-in-page", "",
            "Context-relative sign-in page (e.g. /signin.html): page loads without a valid cookie session are sent there with ?reason=&next=; empty: they get the 401."),
    HTTP_SESSION_ENABLED("kickout.http-session.enabled", "false",
            "HttpSession mode: a caller the container signed in (FORM, Jakarta Security, request.login, OIDC) gets a Kickout session tied to its HttpSession; a kick invalidates that HttpSession."),
    HTTP_SESSION_REFUSED_PAGE("kickout.http-session.refused-page", "",
            "In HttpSession mode, a context-relative page that page loads of a kicked or replaced session are sent to with ?reason=&next=; empty: the requested page again, so the container shows its login page."),
    HTTP_SESSION_DEVICE_TYPE("kickout.http-session.device-type", "web",
            "In HttpSession mode, the login's device type: a fixed label, or header:<name> or cookie:<name> to read it from the sign-in request (a missing or invalid value gives web)."),
    HTTP_SESSION_CLIENT_ID("kickout.http-session.client-id", "browser",
            "In HttpSession mode, the login's client id: a fixed label, or header:<name> or cookie:<name> (a missing or invalid value gives browser)."),
    HTTP_SESSION_ROLES("kickout.http-session.roles", "",
            "In HttpSession mode, the container roles copied into the Kickout session (comma-separated, asked with isUserInRole); kickout.admin.role is always asked."),
    HEALTH_REDIS_READINESS("kickout.health.redis-readiness", "true",
            "Whether MicroProfile Health readiness includes Redis (DOWN while Redis cannot serve); false keeps a host in rotation when Redis is down."),
    OPENAPI_ROOT("kickout.openapi.root", "kickout/api",
            "The module's REST root relative to the context root, for the OpenAPI document when a web.xml mapping moved it (with mp.openapi.filter=dev.kickout.rest.OpenApiRoot).");

    private final String key;
    private final String defaultValue;
    private final String description;

    Setting(String key, String defaultValue, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }
}
