package dev.kickout.internal.config;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
    private static final Pattern LOCK_TYPE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** What a login does to the user's other sessions. */
    public enum LoginPolicy { MULTI, SINGLE, PER_DEVICE_TYPE, MAX_SESSIONS }

    /** What {@link LoginPolicy#MAX_SESSIONS} does with one login too many. */
    public enum WhenFull { EVICT_OLDEST, REJECT }

    private final Map<Setting, String> raw = new EnumMap<>(Setting.class);
    private boolean microProfileConfig;

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
    private LockTiming lockTiming;
    private Map<String, LockTiming> lockTimings;
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
        ConfigLookup lookup = new ConfigLookup(Thread.currentThread().getContextClassLoader());
        microProfileConfig = lookup.usesMicroProfileConfig();
        for (Setting setting : Setting.values()) {
            raw.put(setting, lookup.get(setting.key()).map(String::trim).orElse(setting.defaultValue()));
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
        loadLockTimings(lookup);
        if (sessionMaxLifetime.compareTo(sessionTtl) < 0) {
            throw invalid(Setting.SESSION_MAX_LIFETIME, "a duration at least as long as " + Setting.SESSION_TTL.key());
        }
        loadCookieMode();
        loadHttpSessionMode();
        loadTrustedProxies();
        healthRedisReadiness = bool(Setting.HEALTH_REDIS_READINESS);
    }

    public String raw(Setting setting) {
        return raw.get(setting);
    }

    public boolean usesMicroProfileConfig() {
        return microProfileConfig;
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
        return lockTimings.getOrDefault(type, lockTiming);
    }

    /** The longest lock TTL of any type (what keys that outlive a lock by a TTL must assume). */
    public Duration lockTtlMax() {
        return lockTimings.values().stream().map(LockTiming::ttl).reduce(lockTtl, (a, b) -> a.compareTo(b) >= 0 ? a : b);
    }

    /** The longest idle warning of any type (how far ahead the lock watch looks). */
    public Duration lockIdleWarningMax() {
        return lockTimings.values().stream().map(LockTiming::idleWarning)
                .reduce(lockTiming.idleWarning(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
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

    private static final List<String> TIMING_NAMES = List.of("ttl", "heartbeat", "idle-timeout", "idle-warning",
            "reservation", "handover-idle-after");

    private void loadLockTimings(ConfigLookup lookup) {
        lockTiming = checkedTiming(new LockTiming(lockTtl, lockHeartbeat, durationOrZero(Setting.LOCK_IDLE_TIMEOUT),
                duration(Setting.LOCK_IDLE_WARNING), duration(Setting.LOCK_RESERVATION), lockHandoverIdleAfter),
                "kickout.lock.");
        Map<String, LockTiming> byType = new java.util.HashMap<>();
        Set<String> types = new java.util.TreeSet<>(lockTypes);
        for (String name : lookup.names("kickout.lock.type.")) {
            String rest = name.substring("kickout.lock.type.".length());
            int dot = rest.indexOf('.');
            if (dot < 0 || !LOCK_TYPE.matcher(rest.substring(0, dot)).matches()
                    || !TIMING_NAMES.contains(rest.substring(dot + 1))) {
                throw new IllegalStateException("Kickout configuration: " + name + " is not a setting; expected "
                        + "kickout.lock.type.<type>.<name> with a type matching " + LOCK_TYPE.pattern() + " and a name of "
                        + TIMING_NAMES);
            }
            types.add(rest.substring(0, dot));
        }
        for (String type : types) {
            String prefix = "kickout.lock.type." + type + ".";
            Map<String, Duration> own = new java.util.HashMap<>();
            for (String name : TIMING_NAMES) {
                lookup.get(prefix + name).map(String::trim).ifPresent(value -> own.put(name,
                        typeDuration(prefix + name, value, name.equals("idle-timeout") || name.equals("handover-idle-after"))));
            }
            if (!own.isEmpty()) {
                byType.put(type, checkedTiming(new LockTiming(own.getOrDefault("ttl", lockTtl),
                        own.getOrDefault("heartbeat", lockHeartbeat),
                        own.getOrDefault("idle-timeout", lockTiming.idleTimeout()),
                        own.getOrDefault("idle-warning", lockTiming.idleWarning()),
                        own.getOrDefault("reservation", lockTiming.reservation()),
                        own.getOrDefault("handover-idle-after", lockTiming.handoverIdleAfter())), prefix));
            }
        }
        lockTimings = Map.copyOf(byType);
    }

    private static Duration typeDuration(String key, String value, boolean zeroAllowed) {
        try {
            Duration parsed = Duration.parse(value.toUpperCase(Locale.ROOT));
            if (!parsed.isNegative() && (zeroAllowed || !parsed.isZero())) {
                return parsed;
            }
        } catch (DateTimeParseException e) {
            // reported below
        }
        throw new IllegalStateException("Kickout configuration: " + key + " = '" + value + "' is invalid; expected a "
                + (zeroAllowed ? "" : "positive ") + "ISO-8601 duration such as PT30S or PT5M");
    }

    private static LockTiming checkedTiming(LockTiming timing, String prefix) {
        if (timing.heartbeat().compareTo(timing.ttl()) >= 0) {
            throw new IllegalStateException("Kickout configuration: " + prefix + "heartbeat = " + timing.heartbeat()
                    + " is invalid; expected a duration shorter than " + prefix + "ttl (" + timing.ttl() + ")");
        }
        if (timing.idleRelease() && timing.idleWarning().compareTo(timing.idleTimeout()) >= 0) {
            throw new IllegalStateException("Kickout configuration: " + prefix + "idle-warning = " + timing.idleWarning()
                    + " is invalid; expected a duration shorter than " + prefix + "idle-timeout (" + timing.idleTimeout() + ")");
        }
        return timing;
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
        if (raw(setting).equalsIgnoreCase("auto")) {
            return OptionalInt.empty();
        }
        try {
            int value = Integer.parseInt(raw(setting));
            if (value >= 0 && value <= MAX_WAIT_REPLICAS) {
                return OptionalInt.of(value);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(setting, "auto or a number of replicas from 0 to " + MAX_WAIT_REPLICAS);
    }

    /** A duration Redis's WAIT can take: whole milliseconds, never 0 (which would make WAIT block forever). */
    private Duration wholeMillis(Setting setting) {
        Duration value = duration(setting);
        if (value.toMillis() < 1 || value.toNanos() % 1_000_000 != 0) {
            throw invalid(setting, "a duration of whole milliseconds, at least PT0.001S, such as PT0.5S");
        }
        return value;
    }

    private boolean bool(Setting setting) {
        String value = raw(setting).toLowerCase(Locale.ROOT);
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw invalid(setting, "true or false");
    }

    private Duration durationOrZero(Setting setting) {
        String value = raw(setting).toUpperCase(Locale.ROOT);
        return value.equals("PT0S") || value.equals("PT0.0S") ? Duration.ZERO : duration(setting);
    }

    private Duration duration(Setting setting) {
        try {
            Duration value = Duration.parse(raw(setting).toUpperCase(Locale.ROOT));
            if (!value.isNegative() && !value.isZero()) {
                return value;
            }
        } catch (DateTimeParseException e) {
            // reported below
        }
        throw invalid(setting, "a positive ISO-8601 duration such as PT30S or PT5M");
    }

    private int positiveInt(Setting setting) {
        try {
            int value = Integer.parseInt(raw(setting));
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(setting, "a positive integer");
    }

    private <E extends Enum<E>> E choice(Setting setting, Class<E> type) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(raw(setting))) {
                return constant;
            }
        }
        throw invalid(setting, "one of " + Arrays.toString(type.getEnumConstants()));
    }

    private String matching(Setting setting, Pattern pattern, String expected) {
        if (!pattern.matcher(raw(setting)).matches()) {
            throw invalid(setting, expected);
        }
        return raw(setting);
    }

    private Set<String> parseLockTypes() {
        Set<String> types = new LinkedHashSet<>();
        for (String type : raw(Setting.LOCK_TYPES).split(",")) {
            String trimmed = type.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (!LOCK_TYPE.matcher(trimmed).matches()) {
                throw invalid(Setting.LOCK_TYPES, "comma-separated lock types, each matching " + LOCK_TYPE.pattern());
            }
            types.add(trimmed);
        }
        return Set.copyOf(types);
    }

    private List<String> paths(Setting setting) {
        List<String> paths = Arrays.stream(raw(setting).split(","))
                .map(String::trim).filter(p -> !p.isEmpty()).toList();
        for (String path : paths) {
            if (!path.startsWith("/") || path.indexOf('*') >= 0 && !path.endsWith("/*")) {
                throw invalid(setting, "comma-separated paths starting with '/', optionally ending in '/*'");
            }
        }
        return paths;
    }

    private IllegalStateException invalid(Setting setting, String expected) {
        return new IllegalStateException("Kickout configuration: " + setting.key() + " = '" + raw(setting)
                + "' is invalid; expected " + expected + " (default '" + setting.defaultValue() + "': "
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
        return new ConfigLookup(loader).get(setting.key()).map(String::trim).orElse(setting.defaultValue());
    }

    // kickout.trusted-proxies: clients behind a reverse proxy

    private List<Cidr> trustedProxies;

    private void loadTrustedProxies() {
        try {
            trustedProxies = Arrays.stream(raw(Setting.TRUSTED_PROXIES).split(","))
                    .map(String::trim).filter(c -> !c.isEmpty()).map(Cidr::parse).toList();
        } catch (IllegalArgumentException e) {
            throw invalid(Setting.TRUSTED_PROXIES, "comma-separated IPv4 or IPv6 CIDRs such as 10.0.0.0/8 or ::1/128 ("
                    + e.getMessage() + ")");
        }
    }

    /** The address blocks of trusted reverse proxies; empty when no proxy is trusted. */
    public List<Cidr> trustedProxies() {
        return trustedProxies;
    }

    // kickout.cookie.*: cookie mode

    /** SameSite attribute of the session and CSRF cookies. */
    public enum SameSite { Lax, Strict, None }

    /** When the session cookie takes the {@code __Host-} prefix. */
    public enum CookiePrefix { AUTO, ALWAYS, NEVER }

    private static final Pattern COOKIE_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}");
    private static final Pattern PAGE = Pattern.compile("/[A-Za-z0-9._~!$&'()*+,;=:@%/-]{0,255}");

    private boolean cookieEnabled;
    private String cookieName;
    private SameSite cookieSameSite;
    private CookiePrefix cookieHostPrefix;
    private String cookieSignInPage;

    private void loadCookieMode() {
        cookieEnabled = bool(Setting.COOKIE_ENABLED);
        cookieName = matching(Setting.COOKIE_NAME, COOKIE_NAME, "a cookie name (1-64 token characters)");
        cookieSameSite = choice(Setting.COOKIE_SAME_SITE, SameSite.class);
        cookieHostPrefix = choice(Setting.COOKIE_HOST_PREFIX, CookiePrefix.class);
        cookieSignInPage = raw(Setting.COOKIE_SIGN_IN_PAGE).isEmpty() ? ""
                : matching(Setting.COOKIE_SIGN_IN_PAGE, PAGE, "a context-relative path such as /signin.html");
        if (cookieSignInPage.contains("//")) {
            throw invalid(Setting.COOKIE_SIGN_IN_PAGE, "a context-relative path such as /signin.html");
        }
    }

    public boolean cookieEnabled() {
        return cookieEnabled;
    }

    public String cookieName() {
        return cookieName;
    }

    public SameSite cookieSameSite() {
        return cookieSameSite;
    }

    public CookiePrefix cookieHostPrefix() {
        return cookieHostPrefix;
    }

    /** The context-relative sign-in page, or "" when page loads get the 401 instead of a redirect. */
    public String cookieSignInPage() {
        return cookieSignInPage;
    }

    // kickout.http-session.*: HttpSession mode

    /** Where a login's device type or client id comes from in HttpSession mode. */
    public record RequestValue(String fixed, String header, String cookie) {
    }

    private static final Pattern SOURCE = Pattern.compile("(header|cookie):[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}|[A-Za-z0-9._-]{1,64}");

    private boolean httpSessionEnabled;
    private String httpSessionRefusedPage;
    private RequestValue httpSessionDeviceType;
    private RequestValue httpSessionClientId;
    private List<String> httpSessionRoles;

    private void loadHttpSessionMode() {
        httpSessionEnabled = bool(Setting.HTTP_SESSION_ENABLED);
        httpSessionRefusedPage = raw(Setting.HTTP_SESSION_REFUSED_PAGE).isEmpty() ? ""
                : matching(Setting.HTTP_SESSION_REFUSED_PAGE, PAGE, "a context-relative path such as /login.jsp");
        if (httpSessionRefusedPage.contains("//")) {
            throw invalid(Setting.HTTP_SESSION_REFUSED_PAGE, "a context-relative path such as /login.jsp");
        }
        httpSessionDeviceType = requestValue(Setting.HTTP_SESSION_DEVICE_TYPE);
        httpSessionClientId = requestValue(Setting.HTTP_SESSION_CLIENT_ID);
        httpSessionRoles = Arrays.stream(raw(Setting.HTTP_SESSION_ROLES).split(","))
                .map(String::trim).filter(role -> !role.isEmpty()).toList();
    }

    private RequestValue requestValue(Setting setting) {
        String value = matching(setting, SOURCE, "a label, header:<name> or cookie:<name>");
        if (value.startsWith("header:")) {
            return new RequestValue(null, value.substring(7), null);
        }
        return value.startsWith("cookie:") ? new RequestValue(null, null, value.substring(7))
                : new RequestValue(value, null, null);
    }

    public boolean httpSessionEnabled() {
        return httpSessionEnabled;
    }

    /** The context-relative page refused page loads go to in HttpSession mode, or "" for the requested page again. */
    public String httpSessionRefusedPage() {
        return httpSessionRefusedPage;
    }

    public RequestValue httpSessionDeviceType() {
        return httpSessionDeviceType;
    }

    public RequestValue httpSessionClientId() {
        return httpSessionClientId;
    }

    /** Container roles to copy into the Kickout session, besides the admin role. */
    public List<String> httpSessionRoles() {
        return httpSessionRoles;
    }

    private boolean healthRedisReadiness;

    /** Whether readiness reports Redis ({@code kickout.health.redis-readiness}). */
    public boolean healthRedisReadiness() {
        return healthRedisReadiness;
    }
}
