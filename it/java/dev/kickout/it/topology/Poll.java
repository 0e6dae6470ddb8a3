package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition by polling it until a deadline: the drills' only way of waiting. */
final class Poll {

    private static final long EVERY_MILLIS = 50;

    private Poll() {
    }

    /** Returns as soon as {@code condition} holds or {@code max} has passed, whichever is first; true if it held. */
    static boolean atMost(BooleanSupplier condition, Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(EVERY_MILLIS);
        }
        return true;
    }

    /** Returns as soon as {@code condition} holds; fails with {@code what} once {@code max} has passed. */
    static void until(BooleanSupplier condition, Duration max, String what) throws InterruptedException {
        until(condition, max, () -> what);
    }

    /** As above, with the failure's text made when it fails (so it can show the last state). */
    static void until(BooleanSupplier condition, Duration max, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + max + ": " + what.get());
            }
            Thread.sleep(EVERY_MILLIS);
        }
    }
}
