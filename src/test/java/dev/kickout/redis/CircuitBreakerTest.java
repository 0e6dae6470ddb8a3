package dev.kickout.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Drives the breaker with a scripted probe and a fake scheduler whose clock moves only on {@link Clock#tick()}. */
class CircuitBreakerTest {

    private static final Duration INTERVAL = Duration.ofMillis(200);

    /** Holds scheduled tasks until the test lets time pass. */
    private static final class Clock implements CircuitBreaker.Later {
        final Queue<Runnable> due = new ArrayDeque<>();
        final List<Duration> delays = new ArrayList<>();

        @Override
        public synchronized void run(Runnable task, Duration delay) {
            due.add(task);
            delays.add(delay);
        }

        /** Runs what is due now; returns how many tasks ran. */
        int tick() {
            List<Runnable> now;
            synchronized (this) {
                now = List.copyOf(due);
                due.clear();
            }
            now.forEach(Runnable::run);
            return now.size();
        }

        synchronized int pending() {
            return due.size();
        }
    }

    /** Answers the scripted replies in order, counting calls. */
    private static final class Probe {
        final Queue<Boolean> replies = new ArrayDeque<>();
        final AtomicInteger calls = new AtomicInteger();

        boolean ask() {
            calls.incrementAndGet();
            Boolean reply = replies.poll();
            if (reply == null) {
                throw new IllegalStateException("probe not scripted");
            }
            return reply;
        }
    }

    private final Clock clock = new Clock();
    private final Probe probe = new Probe();
    private final CircuitBreaker breaker = new CircuitBreaker(3, INTERVAL, probe::ask, clock);

    @Test
    void opensOnTheThresholdFailureInARowAndNotBefore() {
        breaker.failed();
        breaker.failed();
        assertTrue(breaker.allows());
        assertEquals(0, clock.pending(), "no probe while closed");

        breaker.failed();

        assertFalse(breaker.allows());
        assertEquals(1, clock.pending());
        assertEquals(List.of(INTERVAL), clock.delays);
    }

    @Test
    void aSuccessResetsTheCount() {
        breaker.failed();
        breaker.failed();
        breaker.succeeded();
        breaker.failed();
        breaker.failed();
        assertTrue(breaker.allows());
        breaker.failed();
        assertFalse(breaker.allows());
    }

    @Test
    void probesOneAtATimeUntilRedisAnswersThenCloses() {
        open();
        probe.replies.addAll(List.of(false, false, true));

        assertEquals(1, clock.tick());
        assertFalse(breaker.allows());
        assertEquals(1, clock.pending(), "a failed probe schedules exactly one more");
        assertEquals(1, clock.tick());
        assertFalse(breaker.allows());
        assertEquals(1, clock.tick());

        assertTrue(breaker.allows());
        assertEquals(3, probe.calls.get());
        assertEquals(0, clock.pending(), "no probe once closed");
        assertEquals(List.of(INTERVAL, INTERVAL, INTERVAL), clock.delays);
    }

    @Test
    void closingStartsACleanCount() {
        open();
        probe.replies.add(true);
        clock.tick();

        breaker.failed();
        breaker.failed();
        assertTrue(breaker.allows());
        breaker.failed();
        assertFalse(breaker.allows());
        assertEquals(1, clock.pending());
    }

    @Test
    void failuresWhileOpenScheduleNoFurtherProbe() {
        open();
        for (int i = 0; i < 10; i++) {
            breaker.failed();
        }
        assertEquals(1, clock.pending());
    }

    @Test
    void aProbeThatThrowsStillSchedulesTheNext() {
        open();
        assertThrows(IllegalStateException.class, clock::tick); // nothing scripted: the probe throws
        assertFalse(breaker.allows());
        assertEquals(1, clock.pending());
        probe.replies.add(true);
        clock.tick();
        assertTrue(breaker.allows());
    }

    @Test
    void stopEndsTheProbing() {
        open();
        breaker.stop();
        assertEquals(1, clock.tick());
        assertEquals(0, probe.calls.get());
        assertEquals(0, clock.pending());
        assertFalse(breaker.allows());
    }

    @Test
    void afterStopCallsStillPassAndAnOpeningSchedulesNothing() {
        breaker.stop();
        assertTrue(breaker.allows());
        open();
        assertEquals(0, clock.pending());
    }

    @Test
    void manyThreadsFailingAtOnceOpenItOnceWithOneProbe() throws InterruptedException {
        int threads = 32;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            for (int i = 0; i < threads; i++) {
                pool.execute(() -> {
                    await(start);
                    for (int n = 0; n < 100; n++) {
                        breaker.failed();
                    }
                });
            }
            start.countDown();
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertFalse(breaker.allows());
        assertEquals(1, clock.pending());
    }

    private void open() {
        for (int i = 0; i < 3; i++) {
            breaker.failed();
        }
        assertFalse(breaker.allows());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
