package dev.kickout.internal.config;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The module's whole configuration, typed and checked once at deployment.
 *
 * <p>Every key, default and description lives in {@link Setting}. Values come from MicroProfile
 * Config where the server has it, else from system properties and environment variables. A value
 * that does not parse fails the deployment with a message naming the key and what it expects.
 *
 * <pre>{@code
 * @Inject KickoutConfig config;
 * Duration idle = config.sessionTtl();
 * }</pre>
 */
@ApplicationScoped
public class KickoutConfig {

    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9._-]{1,32}");
    /** More replicas than any sane setup has: a bigger number is a typo (WAIT would always time out). */
    private static final int MAX_WAIT_REPLICAS = 16;
    /** A lock type, as the lock feature's resource type pattern (repeated: config knows no feature). */
    private static final Pattern LOCK_TYPE = LockTimings.LOCK_TYPE;
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** What a login does to the user's other sessions. */
    public enum LoginPolicy { MULTI, SINGLE, PER_DEVICE_TYPE, MAX_SESSIONS }

    /** What {@link LoginPolicy#MAX_SESSIONS} does with one login too many. */
    public enum WhenFull { EVICT_OLDEST, REJECT }

    private final Map<Setting, String> raw = new EnumMap<>(Setting.class);
    private SettingReader reader;

    private String keyPrefix;
    private Duration redisTimeout;
    private Duration storeRetryAfter;
    private Duration sessionTtl;
    private Duration sessionMaxLifetime;
    private boolean sessionNearCache;
    private Duration nearCacheSilence;
    private Duration nearCacheMaxAge;
    private int nearCacheSize;
    private Duration sessionTouchInterval;
    private LoginPolicy loginPolicy;
    private int loginMaxSessions;
    private WhenFull loginWhenFull;
    private List<String> filterInclude;
    private List<String> filterExclude;
    private Duration lockTtl;
    private Duration lockHeartbeat;
    private Duration lockMaxHold;
    private Duration lockForceReleaseGrace;
    private Set<String> lockTypes;
    private int lockMaxPerSession;
    private int lockMaxPerUser;
    private LockTimings lockTimings;
    private int lockQueueMaxPerRecord;
    private int lockQueueMaxPerUser;
    private int lockViewersMaxPerRecord;
    private Duration lockHandoverIdleAfter;
    private Duration lockWatchInterval;
    private Duration cleanupInterval;
    private Duration sseKeepalive;
    private int sseMaxStreams;
    private Duration sseTicketTtl;
    private Duration sseReplayAge;
    private int cleanupBatch;
    private int loginMaxSessionsPerUser;
    private int loginMaxDeviceTypes;
    private int loginMaxTombstonesPerUser;
    private Duration loginThrottleWindow;
    private int loginThrottleMaxPerUser;
    private int loginThrottleMaxPerAddress;
    private int loginThrottleMaxPerUserAndAddress;
    private int loginThrottleMaxPerDevice;
    private Duration loginDeviceLifetime;
    private int loginDevicesPerUser;
    private Duration auditRetention;
    private int auditActivityCapacity;
    private Duration auditDenialWindow;
    private int sseMaxStreamsPerUser;
    private int sseMaxStreamsTotal;
    private Duration sseMaxAge;
    private int redisBreakerThreshold;
    private Duration redisBreakerProbe;
    private Duration outboxGrace;
    private Duration outboxInterval;
    private Duration outboxMaxAge;
    private String lockTokenParameter;
    private OptionalInt redisWaitReplicas;
    private Duration redisWaitTimeout;
    private boolean enabled;
    private boolean restOwnApplication;

    /** Parses eagerly so that a bad value stops the deployment instead of the first request. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        keyPrefix();
    }

    @PostConstruct
    void load() {
        reader = new SettingReader(Thread.currentThread().getContextClassLoader());
        for (Setting setting : Setting.values()) {
            raw.put(setting, reader.raw(setting));
        }
        keyPrefix = matching(Setting.KEY_PREFIX, PREFIX, "1-32 letters, digits, '.', '_' or '-'");
        redisTimeout = duration(Setting.REDIS_TIMEOUT);
        storeRetryAfter = duration(Setting.STORE_RETRY_AFTER);
        sessionTtl = duration(Setting.SESSION_TTL);
        sessionMaxLifetime = duration(Setting.SESSION_MAX_LIFETIME);
        sessionNearCache = bool(Setting.SESSION_NEAR_CACHE);
        nearCacheSilence = duration(Setting.SESSION_NEAR_CACHE_SILENCE);
        nearCacheMaxAge = duration(Setting.SESSION_NEAR_CACHE_MAX_AGE);
        nearCacheSize = positiveInt(Setting.SESSION_NEAR_CACHE_SIZE);
        sessionTouchInterval = duration(Setting.SESSION_TOUCH_INTERVAL);
        loginPolicy = choice(Setting.LOGIN_POLICY, LoginPolicy.class);
        loginMaxSessions = positiveInt(Setting.LOGIN_MAX_SESSIONS);
        loginWhenFull = choice(Setting.LOGIN_WHEN_FULL, WhenFull.class);
        filterInclude = paths(Setting.FILTER_INCLUDE);
        filterExclude = paths(Setting.FILTER_EXCLUDE);
        lockTtl = duration(Setting.LOCK_TTL);
        lockHeartbeat = duration(Setting.LOCK_HEARTBEAT);
        lockMaxHold = duration(Setting.LOCK_MAX_HOLD);
        lockForceReleaseGrace = durationOrZero(Setting.LOCK_FORCE_RELEASE_GRACE);
        lockTypes = parseLockTypes();
        lockMaxPerSession = positiveInt(Setting.LOCK_MAX_PER_SESSION);
        lockMaxPerUser = positiveInt(Setting.LOCK_MAX_PER_USER);
        lockQueueMaxPerRecord = positiveInt(Setting.LOCK_QUEUE_MAX_PER_RECORD);
        lockQueueMaxPerUser = positiveInt(Setting.LOCK_QUEUE_MAX_PER_USER);
        lockViewersMaxPerRecord = positiveInt(Setting.LOCK_VIEWERS_MAX_PER_RECORD);
        lockHandoverIdleAfter = durationOrZero(Setting.LOCK_HANDOVER_IDLE_AFTER);
        lockWatchInterval = duration(Setting.LOCK_WATCH_INTERVAL);
        cleanupInterval = duration(Setting.CLEANUP_INTERVAL);
        sseKeepalive = duration(Setting.SSE_KEEPALIVE);
        sseMaxStreams = positiveInt(Setting.SSE_MAX_STREAMS);
        sseTicketTtl = duration(Setting.SSE_TICKET_TTL);
        sseReplayAge = duration(Setting.SSE_REPLAY_AGE);
        if (sseTicketTtl.compareTo(Duration.ofSeconds(30)) > 0) {
            throw invalid(Setting.SSE_TICKET_TTL, "a duration of at most PT30S");
        }
        cleanupBatch = positiveInt(Setting.CLEANUP_BATCH);
        loginMaxSessionsPerUser = positiveInt(Setting.LOGIN_MAX_SESSIONS_PER_USER);
        loginMaxDeviceTypes = positiveInt(Setting.LOGIN_MAX_DEVICE_TYPES);
        loginMaxTombstonesPerUser = positiveInt(Setting.LOGIN_MAX_TOMBSTONES_PER_USER);
        loginThrottleWindow = duration(Setting.LOGIN_THROTTLE_WINDOW);
        loginThrottleMaxPerUser = positiveInt(Setting.LOGIN_THROTTLE_MAX_PER_USER);
        loginThrottleMaxPerAddress = positiveInt(Setting.LOGIN_THROTTLE_MAX_PER_ADDRESS);
        loginThrottleMaxPerUserAndAddress = positiveInt(Setting.LOGIN_THROTTLE_MAX_PER_USER_AND_ADDRESS);
        loginThrottleMaxPerDevice = positiveInt(Setting.LOGIN_THROTTLE_MAX_PER_DEVICE);
        loginDeviceLifetime = duration(Setting.LOGIN_DEVICE_LIFETIME);
        loginDevicesPerUser = positiveInt(Setting.LOGIN_DEVICES_PER_USER);
        auditRetention = duration(Setting.AUDIT_RETENTION);
        auditActivityCapacity = positiveInt(Setting.AUDIT_ACTIVITY_CAPACITY);
        auditDenialWindow = duration(Setting.AUDIT_DENIAL_WINDOW);
        sseMaxStreamsPerUser = positiveInt(Setting.SSE_MAX_STREAMS_PER_USER);
        sseMaxStreamsTotal = positiveInt(Setting.SSE_MAX_STREAMS_TOTAL);
        sseMaxAge = duration(Setting.SSE_MAX_AGE);
        redisBreakerThreshold = positiveInt(Setting.REDIS_BREAKER_THRESHOLD);
        redisBreakerProbe = duration(Setting.REDIS_BREAKER_PROBE);
        outboxGrace = duration(Setting.OUTBOX_GRACE);
        outboxInterval = duration(Setting.OUTBOX_INTERVAL);
        outboxMaxAge = duration(Setting.OUTBOX_MAX_AGE);
        lockTokenParameter = matching(Setting.LOCK_TOKEN_PARAMETER, PARAMETER_NAME, "1-64 letters, digits, '.', '_' or '-'");
        redisWaitReplicas = replicaCount(Setting.REDIS_WAIT_REPLICAS);
        redisWaitTimeout = wholeMillis(Setting.REDIS_WAIT_TIMEOUT);
        enabled = bool(Setting.ENABLED);
        restOwnApplication = bool(Setting.REST_OWN_APPLICATION);
        if (loginMaxSessions > loginMaxSessionsPerUser) {
            throw invalid(Setting.LOGIN_MAX_SESSIONS, "at most " + Setting.LOGIN_MAX_SESSIONS_PER_USER.key()
                    + " (" + loginMaxSessionsPerUser + ")");
        }
        lockTimings = LockTimings.read(reader, new LockTiming(lockTtl, lockHeartbeat, durationOrZero(Setting.LOCK_IDLE_TIMEOUT),
                duration(Setting.LOCK_IDLE_WARNING), duration(Setting.LOCK_RESERVATION), lockHandoverIdleAfter), lockTypes);
        if (sessionMaxLifetime.compareTo(sessionTtl) < 0) {
            throw invalid(Setting.SESSION_MAX_LIFETIME, "a duration at least as long as " + Setting.SESSION_TTL.key());
        }
        cookie = CookieSettings.read(reader);
        httpSession = HttpSessionSettings.read(reader);
        loadTrustedProxies();
        healthRedisReadiness = bool(Setting.HEALTH_REDIS_READINESS);
    }

    public String raw(Setting setting) {
        return raw.get(setting);
    }

    public String keyPrefix() {
        return keyPrefix;
    }

    public String redisAddress() {
        return raw(Setting.REDIS_ADDRESS);
    }

    public String redisConfigFile() {
        return raw(Setting.REDIS_CONFIG);
    }

    public Duration redisTimeout() {
        return redisTimeout;
    }

    public Duration storeRetryAfter() {
        return storeRetryAfter;
    }

    public Duration sessionTtl() {
        return sessionTtl;
    }

    /** Whether token checks are answered from the near cache ({@code kickout.session.near-cache}). */
    public boolean sessionNearCache() {
        return sessionNearCache;
    }

    public Duration nearCacheSilence() {
        return nearCacheSilence;
    }

    public Duration nearCacheMaxAge() {
        return nearCacheMaxAge;
    }

    public int nearCacheSize() {
        return nearCacheSize;
    }

    public Duration sessionTouchInterval() {
        return sessionTouchInterval;
    }

    public Duration sessionMaxLifetime() {
        return sessionMaxLifetime;
    }

    public LoginPolicy loginPolicy() {
        return loginPolicy;
    }

    public int loginMaxSessions() {
        return loginMaxSessions;
    }

    public WhenFull loginWhenFull() {
        return loginWhenFull;
    }

    public String adminRole() {
        return raw(Setting.ADMIN_ROLE);
    }

    public List<String> filterInclude() {
        return filterInclude;
    }

    public List<String> filterExclude() {
        return filterExclude;
    }

    public Duration lockTtl() {
        return lockTtl;
    }

    public Duration lockHeartbeat() {
        return lockHeartbeat;
    }

    public Duration lockMaxHold() {
        return lockMaxHold;
    }

    /** The declared lock types of {@code kickout.lock.types}; empty when the setting is (any type then). */
    public Set<String> lockTypes() {
        return lockTypes;
    }

    public int lockMaxPerSession() {
        return lockMaxPerSession;
    }

    public int lockMaxPerUser() {
        return lockMaxPerUser;
    }

    public Duration lockForceReleaseGrace() {
        return lockForceReleaseGrace;
    }

    /** The timings of lock type {@code type}: its own {@code kickout.lock.type.<type>.*} over the global ones. */
    public LockTiming lockTiming(String type) {
        return lockTimings.of(type);
    }

    /** The longest lock TTL of any type (what keys that outlive a lock by a TTL must assume). */
    public Duration lockTtlMax() {
        return lockTimings.ttlMax();
    }

    /** The longest idle warning of any type (how far ahead the lock watch looks). */
    public Duration lockIdleWarningMax() {
        return lockTimings.idleWarningMax();
    }

    public int lockQueueMaxPerRecord() {
        return lockQueueMaxPerRecord;
    }

    public int lockQueueMaxPerUser() {
        return lockQueueMaxPerUser;
    }

    public int lockViewersMaxPerRecord() {
        return lockViewersMaxPerRecord;
    }

    public Duration lockWatchInterval() {
        return lockWatchInterval;
    }

    public Duration cleanupInterval() {
        return cleanupInterval;
    }

    public Duration sseKeepalive() {
        return sseKeepalive;
    }

    public int sseMaxStreams() {
        return sseMaxStreams;
    }

    public Duration sseTicketTtl() {
        return sseTicketTtl;
    }

    public Duration sseReplayAge() {
        return sseReplayAge;
    }

    public int cleanupBatch() {
        return cleanupBatch;
    }

    public int loginMaxSessionsPerUser() {
        return loginMaxSessionsPerUser;
    }

    public int loginMaxDeviceTypes() {
        return loginMaxDeviceTypes;
    }

    public int loginMaxTombstonesPerUser() {
        return loginMaxTombstonesPerUser;
    }

    public Duration loginThrottleWindow() {
        return loginThrottleWindow;
    }

    public int loginThrottleMaxPerUser() {
        return loginThrottleMaxPerUser;
    }

    public int loginThrottleMaxPerAddress() {
        return loginThrottleMaxPerAddress;
    }

    public int loginThrottleMaxPerUserAndAddress() {
        return loginThrottleMaxPerUserAndAddress;
    }

    public int loginThrottleMaxPerDevice() {
        return loginThrottleMaxPerDevice;
    }

    public Duration loginDeviceLifetime() {
        return loginDeviceLifetime;
    }

    public int loginDevicesPerUser() {
        return loginDevicesPerUser;
    }

    public Duration auditRetention() {
        return auditRetention;
    }

    public int auditActivityCapacity() {
        return auditActivityCapacity;
    }

    public Duration auditDenialWindow() {
        return auditDenialWindow;
    }

    /** JNDI name of the durable audit sink's DataSource; empty when there is none. */
    public String auditDataSource() {
        return raw(Setting.AUDIT_DATASOURCE);
    }

    public int sseMaxStreamsPerUser() {
        return sseMaxStreamsPerUser;
    }

    public int sseMaxStreamsTotal() {
        return sseMaxStreamsTotal;
    }

    public Duration sseMaxAge() {
        return sseMaxAge;
    }

    public int redisBreakerThreshold() {
        return redisBreakerThreshold;
    }

    public Duration redisBreakerProbe() {
        return redisBreakerProbe;
    }

    /** Name of the request parameter that may carry a lock token (validated at startup). */
    public String lockTokenParameter() {
        return lockTokenParameter;
    }


    public Duration outboxGrace() {
        return outboxGrace;
    }

    public Duration outboxInterval() {
        return outboxInterval;
    }

    public Duration outboxMaxAge() {
        return outboxMaxAge;
    }

    /**
     * Replicas that must acknowledge a decision: a number, or empty for {@code auto}, which
     * {@code dev.kickout.internal.redis} resolves from the kind of Redisson configuration.
     */
    public OptionalInt redisWaitReplicas() {
        return redisWaitReplicas;
    }

    /** How long a decision waits for its replica acknowledgements (whole milliseconds, at least 1). */
    public Duration redisWaitTimeout() {
        return redisWaitTimeout;
    }

    private OptionalInt replicaCount(Setting setting) {
        return reader.read(setting, Converters.Expecting.of("auto or a number of replicas from 0 to " + MAX_WAIT_REPLICAS,
                value -> {
                    if (value.equalsIgnoreCase("auto")) {
                        return OptionalInt.empty();
                    }
                    int count = Integer.parseInt(value);
                    return count >= 0 && count <= MAX_WAIT_REPLICAS ? OptionalInt.of(count) : null;
                }));
    }

    private Duration wholeMillis(Setting setting) {
        return reader.read(setting, Converters.WHOLE_MILLIS);
    }

    private boolean bool(Setting setting) {
        return reader.read(setting, Converters.BOOLEAN);
    }

    private Duration durationOrZero(Setting setting) {
        return reader.read(setting, Converters.DURATION_OR_ZERO);
    }

    private Duration duration(Setting setting) {
        return reader.read(setting, Converters.POSITIVE_DURATION);
    }

    private int positiveInt(Setting setting) {
        return reader.read(setting, Converters.POSITIVE_INT);
    }

    private <E extends Enum<E>> E choice(Setting setting, Class<E> type) {
        return reader.read(setting, Converters.oneOf(type));
    }

    private String matching(Setting setting, Pattern pattern, String expected) {
        return reader.read(setting, Converters.matching(pattern, expected));
    }

    private Set<String> parseLockTypes() {
        return Set.copyOf(reader.read(Setting.LOCK_TYPES, Converters.listOf(Converters.matching(LOCK_TYPE, ""),
                "comma-separated lock types, each matching " + LOCK_TYPE.pattern())));
    }

    private List<String> paths(Setting setting) {
        return reader.read(setting, Converters.listOf(Converters.Expecting.of("",
                path -> path.startsWith("/") && (path.indexOf('*') < 0 || path.endsWith("/*")) ? path : null),
                "comma-separated paths starting with '/', optionally ending in '/*'"));
    }

    private IllegalStateException invalid(Setting setting, String expected) {
        return SettingReader.invalid(setting.key(), raw(setting), expected + " (default '" + setting.defaultValue() + "': "
                + setting.description() + ")");
    }

    /** {@code kickout.enabled}: false turns the whole module off. */
    public boolean enabled() {
        return enabled;
    }

    /** {@code kickout.rest.own-application}: whether {@code KickoutApplication}'s root serves the endpoints. */
    public boolean restOwnApplication() {
        return restOwnApplication;
    }

    /** Whether container security mode is on (see {@code dev.kickout.internal.security}). */
    public boolean containerSecurityEnabled() {
        return bool(Setting.CONTAINER_SECURITY_ENABLED);
    }

    /** {@code kickout.container-security.role-map} as written; {@code dev.kickout.internal.security} parses it. */
    public String containerSecurityRoleMap() {
        return raw(Setting.CONTAINER_SECURITY_ROLE_MAP);
    }

    /**
     * One setting read before any bean exists (a CDI extension deciding what beans there are), from
     * the same sources as the bean, or its default.
     */
    public static String atBoot(Setting setting, ClassLoader loader) {
        return new SettingReader(loader).raw(setting);
    }

    // kickout.trusted-proxies: clients behind a reverse proxy

    private List<Cidr> trustedProxies;

    private void loadTrustedProxies() {
        trustedProxies = reader.read(Setting.TRUSTED_PROXIES, Converters.listOf(Converters.Expecting.of("", Cidr::parse),
                "comma-separated IPv4 or IPv6 CIDRs such as 10.0.0.0/8 or ::1/128"));
    }

    /** The address blocks of trusted reverse proxies; empty when no proxy is trusted. */
    public List<Cidr> trustedProxies() {
        return trustedProxies;
    }

    private CookieSettings cookie;
    private HttpSessionSettings httpSession;

    /** Cookie mode ({@code kickout.cookie.*}). */
    public CookieSettings cookie() {
        return cookie;
    }

    /** HttpSession mode ({@code kickout.http-session.*}). */
    public HttpSessionSettings httpSession() {
        return httpSession;
    }

    private boolean healthRedisReadiness;

    /** Whether readiness reports Redis ({@code kickout.health.redis-readiness}). */
    public boolean healthRedisReadiness() {
        return healthRedisReadiness;
    }
}
