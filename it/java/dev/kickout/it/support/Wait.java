package dev.kickout.it.support;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The one way the ITs wait for time-dependent things: poll a condition every 50 ms up to a deadline, or let time
 * pass on purpose where a test's claim is about time itself.
 * <pre>{@code
 * Wait.until(Duration.ofSeconds(20), () -> "the sweeper to drop the orphan", () -> redis.getKeys().countExists(key) == 0);
 * Reply ok = Wait.until(Duration.ofSeconds(30), last -> "a login once Redis is back; last: " + last.body(),
 *         () -> api.tryLogin("bob", "bob", "web", "c1"), reply -> reply.status() == 200);
 * Wait.elapse(Duration.ofMillis(1300), "the 1 s lock TTL runs out with no heartbeat");
 * }</pre>
 * A condition is checked once more at the deadline before the wait gives up. An exception or assertion error
 * thrown by a condition or a poll ends the wait at once and propagates, so a check may assert on what it sees on the
 * way. An interrupted wait ends with an {@link IllegalStateException}, the thread's interrupt status kept.
 */
public final class Wait {

    /** Between polls: short next to any deadline here, long enough not to load a 2-core machine. */
    private static final Duration INTERVAL = Duration.ofMillis(50);

    private Wait() {
    }

    /**
     * Polls {@code condition} until it holds; past {@code max} fails with an {@link AssertionError} that names
     * what was awaited (evaluated then, so it can show the last state) and for how long.
     */
    public static void until(Duration max, Supplier<String> what, BooleanSupplier condition) {
        if (!atMost(max, condition)) {
            throw new AssertionError(timedOut(max, what.get()));
        }
    }

    /**
     * Polls a value until {@code done} accepts it and answers it; past {@code max} fails with an
     * {@link AssertionError} whose text {@code what} makes from the last value polled.
     */
    public static <T> T until(Duration max, Function<? super T, String> what, Supplier<? extends T> poll,
            Predicate<? super T> done) {
        AtomicReference<T> last = new AtomicReference<>();
        if (!atMost(max, () -> {
            last.set(poll.get());
            return done.test(last.get());
        })) {
            throw new AssertionError(timedOut(max, what.apply(last.get())));
        }
        return last.get();
    }

    /** Polls {@code condition} until it holds or {@code max} passed; answers whether it held. */
    public static boolean atMost(Duration max, BooleanSupplier condition) {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            sleep(Math.min(left, INTERVAL.toNanos()), "polling");
        }
        return true;
    }

    /**
     * Lets {@code time} pass on purpose, where the claim under test is about time passing (a TTL that must run
     * out, a timer that must keep out for some ticks), never to wait for something to happen: use
     * {@link #until} for that. {@code why} says which claim needs the time.
     */
    public static void elapse(Duration time, String why) {
        sleep(time.toNanos(), "letting time pass: " + why);
    }

    private static String timedOut(Duration max, String what) {
        long millis = max.toMillis();
        return "waited " + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms") + " for " + what;
    }

    private static void sleep(long nanos, String doing) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + doing, e);
        }
    }
}
