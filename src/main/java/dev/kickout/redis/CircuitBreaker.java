package dev.kickout.redis;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * Stops sending requests to a Redis that does not answer: after {@code threshold} consecutive
 * "unreachable" failures it opens, and while open every call is refused at once instead of
 * waiting for its own timeout. One probe at a time then asks Redis, every {@code interval},
 * whether it is back; the first probe that succeeds closes the breaker.
 *
 * <p>The probes form a chain (each failed probe schedules the next), so there is never more than
 * one in flight, and no timer runs while the breaker is closed.
 */
final class CircuitBreaker {

    private static final Logger LOG = Logger.getLogger(CircuitBreaker.class.getName());

    enum State { CLOSED, OPEN }

    /** Runs a task once after a delay (the container's scheduler in production, a queue in tests). */
    @FunctionalInterface
    interface Later {
        void run(Runnable task, Duration delay);
    }

    private final int threshold;
    private final Duration interval;
    private final BooleanSupplier probe;
    private final Later later;
    private final AtomicReference<State> state = new AtomicReference<>(State.CLOSED);
    private final AtomicInteger failures = new AtomicInteger();
    private volatile boolean stopped;

    /**
     * @param probe answers whether Redis replied in time; runs on the scheduler's thread, so it must
     *              bound its own wait
     */
    CircuitBreaker(int threshold, Duration interval, BooleanSupplier probe, Later later) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1");
        }
        this.threshold = threshold;
        this.interval = interval;
        this.probe = probe;
        this.later = later;
    }

    /** Whether calls may go to Redis now. */
    boolean allows() {
        return state.get() == State.CLOSED;
    }

    /** Redis answered (even with an error of its own): it is reachable. */
    void succeeded() {
        failures.set(0);
    }

    /** Redis could not be reached; opens the breaker on the {@code threshold}-th failure in a row. */
    void failed() {
        if (failures.incrementAndGet() >= threshold && state.compareAndSet(State.CLOSED, State.OPEN)) {
            LOG.warning(() -> "Kickout: Redis unreachable " + threshold + " times in a row; answering 503 at once"
                    + " and probing every " + interval.toMillis() + " ms until it answers");
            scheduleProbe();
        }
    }

    /** Ends the probing for good (application shutdown); an open breaker then stays open. */
    void stop() {
        stopped = true;
    }

    private void scheduleProbe() {
        if (!stopped) {
            later.run(this::probeOnce, interval);
        }
    }

    private void probeOnce() {
        if (stopped) {
            return;
        }
        boolean back = false;
        try {
            back = probe.getAsBoolean();
        } finally {
            if (back) {
                failures.set(0);
            }
            if (back && state.compareAndSet(State.OPEN, State.CLOSED)) {
                LOG.info("Kickout: Redis answers again; breaker closed");
            } else if (state.get() == State.OPEN) {
                scheduleProbe();
            }
        }
    }
}
