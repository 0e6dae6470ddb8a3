package dev.kickout.internal.redis;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stops sending requests to a Redis that does not answer: after {@code threshold} consecutive
 * "unreachable" failures it opens, and while open every call is refused at once instead of
 * waiting for its own timeout. A timer calls {@link #tick()} every probe interval; while open,
 * each tick asks Redis once whether it is back, and the first answer closes the breaker.
 *
 * <p>The probe runs only on that timer, never on the thread whose failure opened the breaker: that
 * thread may belong to the server rather than the application (Payara Micro runs MicroProfile
 * Health checks in its own context), where the container's scheduler refuses new tasks.
 */
final class CircuitBreaker {

    private static final Logger LOG = Logger.getLogger(CircuitBreaker.class.getName());

    private final int threshold;
    private final BooleanSupplier probe;
    private final AtomicBoolean open = new AtomicBoolean();
    private final AtomicInteger failures = new AtomicInteger();

    /** @param probe answers whether Redis replied in time; it must bound its own wait */
    CircuitBreaker(int threshold, BooleanSupplier probe) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1");
        }
        this.threshold = threshold;
        this.probe = probe;
    }

    /** Whether calls may go to Redis now. */
    boolean allows() {
        return !open.get();
    }

    /** Redis answered (even with an error of its own): it is reachable. */
    void succeeded() {
        failures.set(0);
    }

    /** Redis could not be reached; opens the breaker on the {@code threshold}-th failure in a row. */
    void failed() {
        if (failures.incrementAndGet() >= threshold && open.compareAndSet(false, true)) {
            LOG.warning(() -> LogId.REDIS_BREAKER_OPEN.message("Redis unreachable " + threshold + " times in a row;"
                    + " answering 503 at once and probing until it answers"));
        }
    }

    /** One timer tick: while open, one probe; closes the breaker when Redis answers. Never throws. */
    void tick() {
        if (!open.get()) {
            return;
        }
        boolean back;
        try {
            back = probe.getAsBoolean();
        } catch (RuntimeException e) {
            // the timer must keep ticking (a periodic task that throws is cancelled)
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.REDIS_PROBE_FAILED.message("Redis probe failed"));
            back = false;
        }
        if (back) {
            failures.set(0);
            if (open.compareAndSet(true, false)) {
                LOG.info(LogId.REDIS_BREAKER_CLOSED.message("Redis answers again; breaker closed"));
            }
        }
    }
}
