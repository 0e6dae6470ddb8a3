package dev.kickout.internal.metrics;

import dev.kickout.internal.LogId;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * What the module counts, times and gauges, under stable names (Prometheus form in docs/reference/metrics.md:
 * {@code kickout.logins} is scraped as {@code kickout_logins_total}). Recording is a map lookup and
 * an increment, never a Redis call. The registry is the server's ({@link MeterBinding}); on a server
 * with none every call is a no-op.
 *
 * <pre>{@code
 * @Inject Metrics metrics;
 * metrics.login("ok");
 * }</pre>
 */
@ApplicationScoped
public class Metrics {

    public static final String LOGINS = "kickout.logins";
    public static final String REFUSALS = "kickout.refusals";
    public static final String REVOCATIONS = "kickout.revocations";
    public static final String UNCHECKED = "kickout.http.session.unchecked";
    public static final String LOCK_ACQUIRES = "kickout.lock.acquires";
    public static final String LOCK_CONFLICTS = "kickout.lock.conflicts";
    public static final String LOCK_FORCE_RELEASES = "kickout.lock.force.releases";
    public static final String LOCK_EXPIRIES = "kickout.lock.expiries";
    public static final String REPLAYS = "kickout.replays";
    public static final String REPLAY_MISSES = "kickout.replay.misses";
    public static final String SWEEPS = "kickout.sweeps";
    public static final String SWEEP_REMOVALS = "kickout.sweep.removals";
    public static final String REDIS_SCRIPT = "kickout.redis.script";
    public static final String REDIS_SCRIPT_HISTOGRAM = "kickout.redis.script.histogram";
    public static final String SESSIONS_ONLINE = "kickout.sessions.online";
    public static final String STREAMS_OPEN = "kickout.streams.open";

    private static final Logger LOG = Logger.getLogger(Metrics.class.getName());

    private Meters meters;
    private final Map<String, LatencyBuckets> scriptBuckets = new ConcurrentHashMap<>();
    /** Registries may hold a gauge's source weakly (Micrometer does): kept alive here. */
    private final List<Supplier<Number>> gauges = new CopyOnWriteArrayList<>();

    @PostConstruct
    void bind() {
        meters = MeterBinding.find();
        LOG.info(() -> LogId.METRICS_TARGET.message("metrics go to " + meters.describe()));
    }

    @PreDestroy
    void unbind() {
        meters.close();
    }

    /** A login attempt's outcome: {@code ok}, or the refusal's code in lower case ({@code bad_credentials}). */
    public void login(String outcome) {
        meters.count(LOGINS, "Login attempts by outcome", 1, "outcome", outcome.toLowerCase(Locale.ROOT));
    }

    /** A refusal answered as a problem (401 TOKEN_EXPIRED, 503 STORE_UNAVAILABLE, 423 LOCK_HELD, ...). */
    public void refused(int status, String code) {
        meters.count(REFUSALS, "Requests refused, by HTTP status and problem code", 1, "status", Integer.toString(status),
                "code", code);
    }

    /** A request of a signed-in {@code HttpSession} served on the container's identity alone: Redis could not check it. */
    public void unchecked() {
        meters.count(UNCHECKED, "Requests of signed-in HttpSessions served unchecked while Redis could not serve "
                + "(kickout.http-session.store-down=ALLOW)", 1);
    }

    /** A session ended, by its tombstone's code (KICKED, REPLACED, LOGGED_OUT, EXPIRED, ...). */
    public void revoked(String code) {
        meters.count(REVOCATIONS, "Sessions ended, by code", 1, "code", code);
    }

    /** A lock taken ({@code renewed}: by the session that held it already). */
    public void lockAcquired(boolean renewed) {
        meters.count(LOCK_ACQUIRES, "Edit locks taken or renewed", 1, "outcome", renewed ? "renewed" : "acquired");
    }

    public void lockConflict() {
        meters.count(LOCK_CONFLICTS, "Lock requests refused because another session holds the lock", 1);
    }

    public void lockForceReleased() {
        meters.count(LOCK_FORCE_RELEASES, "Locks broken by an admin", 1);
    }

    /** Expired locks found (and forgotten) by the sweeper. */
    public void locksExpired(int count) {
        meters.count(LOCK_EXPIRIES, "Expired edit locks the sweeper removed from the index", count);
    }

    /** A stream resumed from a Last-Event-ID: {@code missed} when that event was no longer kept. */
    public void replay(boolean missed) {
        if (missed) {
            meters.count(REPLAY_MISSES, "Resumed streams whose Last-Event-ID was no longer kept (events may be lost)", 1);
        } else {
            meters.count(REPLAYS, "Resumed streams served every event after their Last-Event-ID", 1);
        }
    }

    /** One sweep this instance ran to its end. */
    public void swept() {
        meters.count(SWEEPS, "Sweeps run by this instance", 1);
    }

    /** What one step of a sweep removed: {@code lock_index}, {@code lock_orphan}, {@code audit}. */
    public void sweepRemoved(String what, long count) {
        meters.count(SWEEP_REMOVALS, "Entries removed by sweeps, by step", count, "what", what);
    }

    /**
     * How long one Redis script took (round trip included), success or not: a timer (count, sum,
     * max) and {@link LatencyBuckets} under {@value #REDIS_SCRIPT_HISTOGRAM}.
     */
    public void scriptRan(String script, Duration took) {
        String tag = script.toLowerCase(Locale.ROOT);
        meters.time(REDIS_SCRIPT, "Redis script round trips", took, "script", tag);
        scriptBuckets.computeIfAbsent(tag, this::buckets).record(took);
    }

    /** A value read at scrape time; {@code value} must be cheap (no Redis call). */
    public void gauge(String name, String description, Supplier<Number> value) {
        gauges.add(value);
        meters.gauge(name, description, value);
    }

    private LatencyBuckets buckets(String script) {
        LatencyBuckets buckets = new LatencyBuckets();
        for (int i = 0; i <= LatencyBuckets.BOUNDS_SECONDS.length; i++) {
            int index = i;
            Supplier<Number> count = () -> buckets.cumulative(index);
            gauges.add(count);
            meters.gauge(REDIS_SCRIPT_HISTOGRAM, "Redis script round trips at or under le seconds (cumulative)", count,
                    "script", script, "le", LatencyBuckets.label(index));
        }
        return buckets;
    }

}
