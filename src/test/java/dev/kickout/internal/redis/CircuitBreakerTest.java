package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Drives the breaker with a scripted probe; the test plays the timer by calling {@code tick()}. */
class CircuitBreakerTest {

    /** Answers the scripted replies in order (throws when none is scripted), counting calls. */
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

    private final Probe probe = new Probe();
    private final CircuitBreaker breaker = new CircuitBreaker(3, probe::ask);

    @Test
    void opensOnTheThresholdFailureInARowAndNotBefore() {
        breaker.failed();
        breaker.failed();
        assertTrue(breaker.allows());
        breaker.failed();
        assertFalse(breaker.allows());
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
    void ticksWhileClosedProbeNothing() {
        breaker.tick();
        breaker.failed();
        breaker.tick();
        assertEquals(0, probe.calls.get());
    }

    @Test
    void probesOncePerTickUntilRedisAnswersThenCloses() {
        open();
        probe.replies.addAll(List.of(false, false, true));
        breaker.tick();
        breaker.tick();
        assertFalse(breaker.allows());
        breaker.tick();
        assertTrue(breaker.allows());
        assertEquals(3, probe.calls.get());
        breaker.tick();
        assertEquals(3, probe.calls.get(), "no probe once closed");
    }

    @Test
    void closingStartsACleanCount() {
        open();
        probe.replies.add(true);
        breaker.tick();
        breaker.failed();
        breaker.failed();
        assertTrue(breaker.allows());
        breaker.failed();
        assertFalse(breaker.allows());
    }

    @Test
    void aProbeThatThrowsKeepsItOpenAndTheTimerAlive() {
        open();
        breaker.tick(); // nothing scripted: the probe throws, tick does not
        assertFalse(breaker.allows());
        probe.replies.add(true);
        breaker.tick();
        assertTrue(breaker.allows());
    }

    @Test
    void manyThreadsFailingAtOnceOpenItOnce() throws InterruptedException {
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
        probe.replies.add(true);
        breaker.tick();
        assertTrue(breaker.allows());
        assertEquals(1, probe.calls.get());
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
            throw new IllegalStateException(e);
        }
    }
}
