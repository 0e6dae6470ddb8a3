package dev.kickout.internal.outbox;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.StoreUnavailableException;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the {@link OutboxDrainer} on every instance, {@code kickout.outbox.interval} after the end of
 * the previous tick (the container's managed scheduler, fixed delay: a slow tick never overlaps the
 * next). Not with a {@link DecisionFault} on: that instance plays one that died, so
 * only the others may deliver its decisions.
 */
@ApplicationScoped
public class OutboxTimer {

    private static final Logger LOG = Logger.getLogger(OutboxTimer.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;
    @Inject
    KickoutConfig config;
    @Inject
    DecisionFault fault;
    @Inject
    OutboxDrainer drainer;

    private ScheduledFuture<?> ticks;

    /** Starts at deployment, in the application's own context. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (!config.enabled()) {
            return;
        }
        if (fault.on()) {
            LOG.warning(LogId.OUTBOX_FAULT_INJECTION_ON.message("a decision fault is on: this instance"
                    + " neither follows up its decisions nor drains the outbox (tests only)"));
            return;
        }
        long interval = config.outbox().interval().toMillis();
        ticks = scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(this::tick), interval, interval, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        if (ticks != null) {
            ticks.cancel(false);
        }
    }

    private void tick() {
        try {
            drainer.drainOnce();
        } catch (StoreUnavailableException e) {
            LOG.log(Level.FINE, e.getCause(), () -> LogId.OUTBOX_DRAIN_SKIPPED.message("outbox drain skipped: Redis"
                    + " unreachable"));
        } catch (RuntimeException e) { // keep the fixed-delay chain alive: a thrown tick would end it
            LOG.log(Level.WARNING, LogId.OUTBOX_DRAIN_FAILED.message("outbox drain failed; trying again next tick"),
                    LogText.safe(e));
        }
    }
}
