package dev.kickout.outbox;

import dev.kickout.config.KickoutConfig;
import dev.kickout.redis.StoreUnavailableException;
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
 * Runs the {@link OutboxDrainer} every {@code kickout.outbox.interval} on every instance, on a
 * non-persistent EJB timer. Not with {@code kickout.test.fault-after-decision}: that instance plays
 * one that died, so only the others may deliver its decisions.
 */
@Singleton
@Startup
public class OutboxTimer {

    private static final Logger LOG = Logger.getLogger(OutboxTimer.class.getName());

    @Resource
    TimerService timers;
    @Inject
    KickoutConfig config;
    @Inject
    OutboxDrainer drainer;

    @PostConstruct
    void schedule() {
        if (config.testFaultAfterDecision()) {
            LOG.warning("kickout.test.fault-after-decision is on: this instance neither follows up its decisions "
                    + "nor drains the outbox (tests only)");
            return;
        }
        long interval = config.outboxInterval().toMillis();
        timers.createIntervalTimer(interval, interval, new TimerConfig("kickout-outbox", false));
    }

    @Timeout
    void tick() {
        try {
            drainer.drainOnce();
        } catch (StoreUnavailableException e) {
            LOG.log(Level.FINE, "kickout outbox drain skipped: Redis unreachable", e.getCause());
        }
    }
}
