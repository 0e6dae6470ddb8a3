package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Warn once per state, again after recovery; the test plays the clock. */
class RefusalLogTest {

    private static final Logger LOGGER = Logger.getLogger(RefusalLog.class.getName());

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final RefusalLog log = new RefusalLog(Duration.ofSeconds(5), now::get);
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        LOGGER.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        LOGGER.removeHandler(capture);
    }

    @Test
    void aStormOfRefusalsWarnsOnceEvenFromManyThreads() throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(8);
        for (int i = 0; i < 10_000; i++) {
            threads.execute(() -> log.refused(RedisRefusal.READONLY));
        }
        threads.shutdown();
        assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(1, warnings(), records::toString);
        assertTrue(records.get(0).getMessage().contains("READONLY"));
        assertEquals(Optional.of(RedisRefusal.READONLY), log.current());
    }

    @Test
    void eachStateWarnsOnce() {
        log.refused(RedisRefusal.BUSY);
        log.refused(RedisRefusal.OOM);
        log.refused(RedisRefusal.BUSY);
        log.refused(RedisRefusal.OOM);
        assertEquals(2, warnings());
    }

    @Test
    void servedCallsInsideTheQuietTimeDoNotEndTheEpisode() {
        log.refused(RedisRefusal.READONLY);
        for (int i = 0; i < 10; i++) { // reads served, writes refused, alternating
            now.addAndGet(Duration.ofSeconds(1).toNanos());
            log.served();
            log.refused(RedisRefusal.READONLY);
        }
        assertEquals(1, warnings());
        assertEquals(0, infos());
    }

    @Test
    void afterRecoveryTheSameStateWarnsAgain() {
        log.refused(RedisRefusal.MASTERDOWN);
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        log.served();
        assertEquals(1, infos(), "the end of the episode is logged");
        assertEquals(Optional.empty(), log.current());
        log.served();
        assertEquals(1, infos(), "and only once");

        log.refused(RedisRefusal.MASTERDOWN);
        assertEquals(2, warnings());
    }

    @Test
    void currentNamesTheMostRecentRefusal() {
        log.refused(RedisRefusal.LOADING);
        now.addAndGet(1000);
        log.refused(RedisRefusal.BUSY);
        assertEquals(Optional.of(RedisRefusal.BUSY), log.current());
    }

    private long warnings() {
        return records.stream().filter(r -> r.getLevel() == Level.WARNING).count();
    }

    private long infos() {
        return records.stream().filter(r -> r.getLevel() == Level.INFO).count();
    }
}
