package dev.kickout.config;

/**
 * Every {@code kickout.*} configuration key, with its default and what it does.
 * The README's configuration table is this enum, one row per constant.
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
    STORE_RETRY_AFTER("kickout.store.retry-after", "PT5S",
            "Retry-After sent with 503 STORE_UNAVAILABLE."),
    SESSION_TTL("kickout.session.ttl", "PT30M",
            "Idle timeout: every authenticated request pushes a session's expiry this far forward."),
    SESSION_MAX_LIFETIME("kickout.session.max-lifetime", "PT12H",
            "Absolute cap on a session's life, whatever its activity."),
    LOGIN_POLICY("kickout.login.policy", "MULTI",
            "MULTI, SINGLE, PER_DEVICE_TYPE or MAX_SESSIONS: what a new login does to the user's other sessions."),
    LOGIN_MAX_SESSIONS("kickout.login.max-sessions", "3",
            "Sessions a user may hold under MAX_SESSIONS."),
    LOGIN_WHEN_FULL("kickout.login.when-full", "EVICT_OLDEST",
            "EVICT_OLDEST or REJECT: what MAX_SESSIONS does with a login beyond the limit."),
    ADMIN_ROLE("kickout.admin.role", "admin",
            "Role required by the /admin endpoints."),
    FILTER_INCLUDE("kickout.filter.include", "/api/*",
            "Comma-separated paths (exact, or ending in /*) whose requests need a bearer token."),
    FILTER_EXCLUDE("kickout.filter.exclude", "/api/auth/login,/api/events",
            "Comma-separated paths exempt from the token check, even inside kickout.filter.include."),
    LOCK_TTL("kickout.lock.ttl", "PT5M",
            "An edit lock lives this long past its last heartbeat."),
    LOCK_HEARTBEAT("kickout.lock.heartbeat", "PT30S",
            "How often clients should send a heartbeat (told to them as heartbeatSeconds); shorter than kickout.lock.ttl."),
    LOCK_MAX_HOLD("kickout.lock.max-hold", "PT8H",
            "Cap on one holding of a lock, heartbeats or not."),
    LOCK_FORCE_RELEASE_GRACE("kickout.lock.force-release-grace", "PT0.3S",
            "After an admin force-releases a lock, others may acquire it only after this pause (PT0S: at once)."),
    SSE_KEEPALIVE("kickout.sse.keepalive", "PT15S",
            "How often open event streams get a keep-alive comment."),
    SSE_MAX_STREAMS("kickout.sse.max-streams-per-session", "5",
            "Open event streams one session may hold; opening one more closes its oldest."),
    SSE_TICKET_TTL("kickout.sse.ticket-ttl", "PT30S",
            "Lifetime of a single-use event-stream ticket (at most PT30S)."),
    SSE_REPLAY_AGE("kickout.sse.replay-age", "PT10M",
            "How long a session's events stay replayable with Last-Event-ID (the last 100 at least)."),
    CLEANUP_INTERVAL("kickout.cleanup.interval", "PT1M",
            "How often one instance sweeps orphaned lock data and stale index entries."),
    CLEANUP_BATCH("kickout.cleanup.batch", "500",
            "Entries the sweeper examines per index and tick, bounding its work.");

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
