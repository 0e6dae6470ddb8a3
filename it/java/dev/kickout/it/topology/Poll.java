package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition by polling it until a deadline: the drills' only way of waiting. */
final class Poll {

    private static final long EVERY_MILLIS = 50;

    private Poll() {
    }

    /** Returns as soon as {@code condition} holds; fails with {@code what} once {@code max} has passed. */
    static void until(BooleanSupplier condition, Duration max, String what) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + max + ": " + what);
            }
            Thread.sleep(EVERY_MILLIS);
        }
    }
}
