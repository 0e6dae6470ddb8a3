package dev.kickout.internal.outbox;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.ObserverMethod;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The follow-ups of one decision, each run on its own: a step or an observer that throws is logged
 * and stops no other, and the outbox entry is acknowledged only if {@link #allDone()}. This is why
 * events go to their observers one by one here, instead of through {@link Event#fire}, which stops
 * at the first observer that throws.
 */
public final class FollowUps {

    private static final Logger LOG = Logger.getLogger(FollowUps.class.getName());

    private final String entryId;
    private final BeanManager beans;
    private boolean allDone = true;

    FollowUps(String entryId, BeanManager beans) {
        this.entryId = entryId;
        this.beans = beans;
    }

    /** Runs one step; a failure is logged and remembered. */
    public void run(String what, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            failed(what, e);
        }
    }

    /** Notifies each synchronous observer of {@code event} in priority order, each on its own. */
    public void notifyEach(Object event) {
        List<ObserverMethod<? super Object>> observers = beans.resolveObserverMethods(event).stream()
                .filter(observer -> !observer.isAsync())
                .sorted(Comparator.comparingInt(ObserverMethod::getPriority)).toList();
        for (ObserverMethod<? super Object> observer : observers) {
            run(observer.getBeanClass().getSimpleName() + " on " + event.getClass().getSimpleName(),
                    () -> observer.notify(event));
        }
    }

    /** Whether every step and observer so far succeeded. */
    public boolean allDone() {
        return allDone;
    }

    private void failed(String what, RuntimeException e) {
        allDone = false;
        LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.OUTBOX_FOLLOW_UP_FAILED.message("outbox follow-up " + what
                + " of entry " + entryId + " failed; the entry stays and is delivered again after"
                + " kickout.outbox.grace"));
    }
}
