package dev.kickout.internal.cleanup;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.LayoutMark;
import dev.kickout.internal.redis.StoreUnavailableException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the {@link Sweeper} every {@code kickout.cleanup.interval} on a non-persistent EJB timer.
 * (A programmatic interval timer, because a {@code @Schedule} cannot read configuration.)
 */
@Singleton
@Startup
public class SweepTimer {

    private static final Logger LOG = Logger.getLogger(SweepTimer.class.getName());

    @Resource
    TimerService timers;
    @Inject
    KickoutConfig config;
    @Inject
    Sweeper sweeper;

    @Inject
    LayoutMark layout;

    @PostConstruct
    void schedule() {
        if (!config.enabled()) {
            return;
        }
        long interval = config.cleanup().interval().toMillis();
        timers.createIntervalTimer(interval, interval, new TimerConfig("kickout-sweep", false));
    }

    @Timeout
    void tick() {
        try {
            checkLayout();
            sweeper.sweepOnce();
        } catch (StoreUnavailableException e) {
            // the store warns once per outage or refusal state; a warning per tick would only repeat it
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.SWEEP_SKIPPED.message("sweep skipped: Redis unreachable or"
                    + " refusing"));
        } finally {
            ContainerThreads.release();
        }
    }

    /** A layout mark not checked at start (Redis was down) is checked here; a wrong one is logged every tick. */
    private void checkLayout() {
        try {
            layout.check();
        } catch (IllegalStateException e) {
            // LayoutMark logged it (KICKOUT-1009); the sweep itself stays safe to run: it only bounds and deletes
        }
    }
}
