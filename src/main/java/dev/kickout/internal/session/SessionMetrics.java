package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.LogId;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The session feature's metrics: revocations by code, and sessions online. A scrape reads the last
 * count; the first scrape after {@link #REFRESH_MILLIS} counts again (one HGET of the session count
 * per index shard, in one batch, no scan) while concurrent scrapes take the last count, so Redis sees at most one count
 * per {@link #REFRESH_MILLIS} whatever the number of scrapers. The count runs on the scraping thread
 * (Payara's managed executors refuse tasks from its metrics thread, which has no application
 * context); a hung Redis delays that one scrape by the Redis timeout, or not at all once the
 * breaker is open.
 */
@ApplicationScoped
class SessionMetrics {

    static final long REFRESH_MILLIS = 5_000;

    private static final Logger LOG = Logger.getLogger(SessionMetrics.class.getName());

    @Inject
    Metrics metrics;
    @Inject
    SessionIndexes indexes;
    @Inject
    KickoutConfig config;

    private final AtomicLong online = new AtomicLong();
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile long countedAt = Long.MIN_VALUE / 2;

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (config.enabled()) {
            metrics.gauge(Metrics.SESSIONS_ONLINE, "Live sessions (refreshed at most every 5 s)", this::online);
        }
    }

    void onRevoked(@Observes SessionRevoked event) {
        metrics.revoked(event.revocation().code());
    }

    private long online() {
        if (System.nanoTime() / 1_000_000 - countedAt >= REFRESH_MILLIS && refreshing.compareAndSet(false, true)) {
            refresh();
        }
        return online.get();
    }

    private void refresh() {
        try {
            online.set(indexes.sessionCount(null));
            countedAt = System.nanoTime() / 1_000_000;
        } catch (KickoutException e) {
            LOG.log(Level.FINE, e, () -> LogId.SESSIONS_NOT_COUNTED.message("sessions online not counted, Redis"
                    + " unavailable"));
        } finally {
            refreshing.set(false);
        }
    }
}
