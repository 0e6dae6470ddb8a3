package dev.kickout.internal.config;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.servlet.ServletContext;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The module's whole configuration, typed and checked once at deployment, grouped by concern: the module
 * itself here, and {@link #redis()}, {@link #session()}, {@link #login()}, {@link #lock()}, {@link #push()},
 * {@link #audit()}, {@link #outbox()}, {@link #cleanup()}, {@link #cookie()}, {@link #httpSession()}.
 *
 * <p>Every key, default and description lives in {@link Setting}. Values come from the deployment's
 * MicroProfile Config through the module's {@link Converters}; a value that does not convert fails the
 * deployment with a message naming the key and what it expects.
 *
 * <pre>{@code
 * @Inject KickoutConfig config;
 * Duration idle = config.session().ttl();
 * }</pre>
 */
@ApplicationScoped
public class KickoutConfig {

    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9._-]{1,32}");

    private final Map<Setting, String> raw = new EnumMap<>(Setting.class);

    private String keyPrefix;
    private boolean enabled;
    private boolean restOwnApplication;
    private boolean containerSecurityEnabled;
    private List<String> filterInclude;
    private List<String> filterExclude;
    private List<Cidr> trustedProxies;
    private UserIdCase userIdCase;
    private RedisSettings redis;
    private volatile SessionSettings session;
    private volatile boolean followingSessionTimeout;
    private LoginSettings login;
    private LockSettings lock;
    private PushSettings push;
    private AuditSettings audit;
    private OutboxSettings outbox;
    private CleanupSettings cleanup;
    private CookieSettings cookie;
    private HttpSessionSettings httpSession;
    private Duration banMaxDuration;

    /**
     * Parses eagerly so that a bad value stops the deployment instead of the first request. In a web module
     * the event carries the {@code ServletContext}, which knows the app's {@code HttpSession} timeout.
     */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object context) {
        if (context instanceof ServletContext servletContext) {
            followSessionTimeout(servletContext); // WildFly's event carries it; Payara's does not (the token filter tells)
        }
    }

    /**
     * In HttpSession mode, reads the session settings again with the app's {@code HttpSession} timeout, once:
     * the first {@code ServletContext} to arrive (this bean's start-up event, or the token filter's start).
     */
    public void followSessionTimeout(ServletContext context) {
        if (httpSession.enabled() && !followingSessionTimeout) {
            followingSessionTimeout = true;
            session = SessionSettings.read(new SettingReader(Thread.currentThread().getContextClassLoader()), true,
                    sessionTimeout(context));
        }
    }

    @PostConstruct
    void load() {
        SettingReader reader = new SettingReader(Thread.currentThread().getContextClassLoader());
        for (Setting setting : Setting.values()) {
            raw.put(setting, reader.raw(setting));
        }
        keyPrefix = reader.read(Setting.KEY_PREFIX, Converters.matching(PREFIX, "1-32 letters, digits, '.', '_' or '-'"));
        enabled = reader.read(Setting.ENABLED, Converters.BOOLEAN);
        restOwnApplication = reader.read(Setting.REST_OWN_APPLICATION, Converters.BOOLEAN);
        containerSecurityEnabled = reader.read(Setting.CONTAINER_SECURITY_ENABLED, Converters.BOOLEAN);
        filterInclude = reader.read(Setting.FILTER_INCLUDE, Converters.PATHS);
        filterExclude = reader.read(Setting.FILTER_EXCLUDE, Converters.PATHS);
        trustedProxies = reader.read(Setting.TRUSTED_PROXIES, Converters.listOf(Converters.Expecting.of("", Cidr::parse),
                "comma-separated IPv4 or IPv6 CIDRs such as 10.0.0.0/8 or ::1/128"));
        userIdCase = reader.read(Setting.USER_ID_CASE, Converters.oneOf(UserIdCase.class));
        redis = RedisSettings.read(reader);
        httpSession = HttpSessionSettings.read(reader);
        // in HttpSession mode, read again when the app's session timeout is known (onStartup)
        session = SessionSettings.read(reader);
        login = LoginSettings.read(reader);
        lock = LockSettings.read(reader);
        push = PushSettings.read(reader);
        audit = AuditSettings.read(reader);
        outbox = OutboxSettings.read(reader);
        cleanup = CleanupSettings.read(reader);
        cookie = CookieSettings.read(reader);
        banMaxDuration = reader.read(Setting.BAN_MAX_DURATION, Converters.POSITIVE_DURATION);
    }

    /** The app's {@code HttpSession} timeout ({@code <session-timeout>} or the server's default), when it has one. */
    private static Optional<Duration> sessionTimeout(ServletContext context) {
        int minutes = context.getSessionTimeout();
        return minutes > 0 ? Optional.of(Duration.ofMinutes(minutes)) : Optional.empty();
    }

    /**
     * One setting read before any bean exists (a CDI extension deciding what beans there are), from
     * the same sources as the bean, or its default.
     */
    public static String atBoot(Setting setting, ClassLoader loader) {
        return new SettingReader(loader).raw(setting);
    }

    /** A setting as written (trimmed), or its default. */
    public String raw(Setting setting) {
        return raw.get(setting);
    }

    public String keyPrefix() {
        return keyPrefix;
    }

    /** {@code kickout.enabled}: false turns the whole module off. */
    public boolean enabled() {
        return enabled;
    }

    /** {@code kickout.rest.own-application}: whether {@code KickoutApplication}'s root serves the endpoints. */
    public boolean restOwnApplication() {
        return restOwnApplication;
    }

    public String adminRole() {
        return raw(Setting.ADMIN_ROLE);
    }

    /** {@code kickout.user-id.case}: how user ids are folded. */
    public UserIdCase userIdCase() {
        return userIdCase;
    }

    /** {@code kickout.ban.max-duration}: the longest ban from now. */
    public Duration banMaxDuration() {
        return banMaxDuration;
    }

    public List<String> filterInclude() {
        return filterInclude;
    }

    public List<String> filterExclude() {
        return filterExclude;
    }

    /** The address blocks of trusted reverse proxies; empty when no proxy is trusted. */
    public List<Cidr> trustedProxies() {
        return trustedProxies;
    }

    /** Whether container security mode is on (see {@code dev.kickout.internal.security}). */
    public boolean containerSecurityEnabled() {
        return containerSecurityEnabled;
    }

    /** {@code kickout.container-security.role-map} as written; {@code dev.kickout.internal.security} parses it. */
    public String containerSecurityRoleMap() {
        return raw(Setting.CONTAINER_SECURITY_ROLE_MAP);
    }

    public RedisSettings redis() {
        return redis;
    }

    public SessionSettings session() {
        return session;
    }

    public LoginSettings login() {
        return login;
    }

    public LockSettings lock() {
        return lock;
    }

    public PushSettings push() {
        return push;
    }

    public AuditSettings audit() {
        return audit;
    }

    public OutboxSettings outbox() {
        return outbox;
    }

    public CleanupSettings cleanup() {
        return cleanup;
    }

    /** Cookie mode ({@code kickout.cookie.*}). */
    public CookieSettings cookie() {
        return cookie;
    }

    /** HttpSession mode ({@code kickout.http-session.*}). */
    public HttpSessionSettings httpSession() {
        return httpSession;
    }
}
