package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.metrics.Metrics;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
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
 * count; a count older than {@link #REFRESH_MILLIS} is refreshed in the background (one ZCOUNT per
 * index shard in one batch), so a scrape never waits for Redis, a hung Redis included, and Redis
 * sees at most one count per {@link #REFRESH_MILLIS} whatever the number of scrapers.
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
    @Resource
    ManagedExecutorService executor;

    private final AtomicLong online = new AtomicLong();
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile long countedAt = Long.MIN_VALUE / 2;

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (config.enabled()) {
            metrics.gauge(Metrics.SESSIONS_ONLINE, "Live sessions (refreshed at most every 5 s)", this::online);
        }
    }

    void onRevoked(@Observes SessionRevoked event) {
        metrics.revoked(event.tombstone().code());
    }

    private long online() {
        if (System.nanoTime() / 1_000_000 - countedAt >= REFRESH_MILLIS && refreshing.compareAndSet(false, true)) {
            executor.execute(this::refresh);
        }
        return online.get();
    }

    private void refresh() {
        try {
            online.set(indexes.liveCount(System.currentTimeMillis()));
            countedAt = System.nanoTime() / 1_000_000;
        } catch (KickoutException e) {
            LOG.log(Level.FINE, "kickout metrics: sessions online not counted, Redis unavailable", e);
        } finally {
            refreshing.set(false);
        }
    }
}
