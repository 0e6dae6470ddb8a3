package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The near cache's rules on a hand-driven clock: fence, fill epochs, expiry, cap, age, size, touches. */
class NearCacheTest {

    private static final Duration TTL = Duration.ofSeconds(60);
    private static final Duration SILENCE = Duration.ofMillis(1_500);
    private static final long START = 1_700_000_000_000L;

    private long nanos = 42;
    private long wall = START;
    private NearCache cache;

    @BeforeEach
    void setUp() {
        cache = new NearCache(TTL, SILENCE, Duration.ofMinutes(1), 3, () -> nanos, () -> wall);
    }

    @Test
    void nothingIsAnsweredBeforeTheFirstOwnHeartbeat() {
        fill("u1", "t1", "s1");
        assertNull(cache.hit("u1", "t1"), "not even cached: the fill was refused while the fence was down");
        heard(0);
        fill("u1", "t1", "s1");
        assertNotNull(cache.hit("u1", "t1"));
    }

    @Test
    void aHitSlidesTheExpiryOnRedisTimeAndQueuesOneTouch() {
        quietChannel();
        heard(0);
        fill("u1", "t1", "s1");
        advance(5_000);
        Session hit = cache.hit("u1", "t1");
        assertEquals(Instant.ofEpochMilli(START + 5_000), hit.lastSeen());
        assertEquals(Instant.ofEpochMilli(START + 5_000 + TTL.toMillis()), hit.expiresAt());
        advance(100);
        cache.hit("u1", "t1");
        List<NearCache.Touch> touches = cache.drainTouches();
        assertEquals(List.of(new NearCache.Touch("u1", "s1", START + 5_100)), touches);
        assertTrue(cache.drainTouches().isEmpty(), "each hit is written once");
    }

    @Test
    void silenceClosesTheFenceAndTheNextHeartbeatInSequenceReopensItAfterWhatWasHeldBack() {
        heard(0);
        fill("u1", "t1", "s1");
        fill("u2", "t2", "s2");
        advance(1_499);
        assertNotNull(cache.hit("u1", "t1"));
        advance(1);
        assertNull(cache.hit("u1", "t1"), "silent for the whole bound: no hits");
        cache.invalidate("u1"); // held back by the delay, delivered before the beat that follows it
        heard(1);
        assertNull(cache.hit("u1", "t1"), "the invalidation held back came first");
        assertNotNull(cache.hit("u2", "t2"), "a delay loses nothing: the rest is answered again");
    }

    @Test
    void aGapInTheBeatsEmptiesTheCache() {
        heard(0);
        fill("u1", "t1", "s1");
        heard(2);
        assertNull(cache.hit("u1", "t1"), "beat 1 was lost, and an invalidation may have been lost with it");
        assertEquals(0, cache.size());
        assertTrue(cache.open());
    }

    @Test
    void aBeatHeardLateHoldsTheFenceOnlyUntilTheSilenceAfterItWasSent() {
        heard(0);
        fill("u1", "t1", "s1");
        long sentAt = wall;
        cache.sent(sentAt, nanos);
        advance(1_000); // a backlog: beat 1 reaches this instance a second after Redis published it
        cache.heard(1, sentAt);
        assertNotNull(cache.hit("u1", "t1"), "sent 1 s ago, within the silence");
        advance(499);
        assertNotNull(cache.hit("u1", "t1"));
        advance(1);
        assertNull(cache.hit("u1", "t1"), "1.5 s after it was sent, not after it was heard: closed");
    }

    @Test
    void aReplySlowToBeSentDoesNotMakeLiveBeatsLookOld() {
        heard(0);
        fill("u1", "t1", "s1");
        cache.sent(wall, nanos); // a prompt reply: Redis's clock and this JVM's agree
        advance(10);
        // this beat's script ran 2 s (more than the silence) after nanoTime was read before it
        cache.sent(wall, nanos - 2_000_000_000L);
        cache.heard(1, wall);
        assertNotNull(cache.hit("u1", "t1"), "the beat was just sent: the tightest bound tells so");
        assertEquals(1, cache.size());
    }

    @Test
    void aBacklogOlderThanTheSilenceKeepsTheCacheClosedUntilAFreshBeat() {
        heard(0);
        fill("u1", "t1", "s1");
        fill("u2", "t2", "s2");
        assertNotNull(cache.hit("u1", "t1"));
        long sentAt = wall;
        cache.sent(sentAt, nanos);
        advance(1_400);
        cache.heard(1, sentAt); // in sequence and within the fence, but sent 1.4 s ago
        advance(200);
        cache.heard(2, sentAt + 100); // sent 1.5 s ago: as old as the silence
        assertNull(cache.hit("u2", "t2"), "nothing answered while the beats heard are stale");
        assertFalse(cache.open());
        fill("u3", "t3", "s3");
        assertEquals(2, cache.size(), "nor filled");
        cache.invalidate("u1"); // the backlog's invalidation
        heard(3);
        assertTrue(cache.open(), "a fresh beat reopens it");
        assertNull(cache.hit("u1", "t1"), "what the backlog held was heard before it");
        assertNotNull(cache.hit("u2", "t2"));
    }

    @Test
    void aBeatWhoseAgeCannotBeToldOpensNothing() {
        cache.heard(0, wall);
        assertFalse(cache.open(), "no reply to a heartbeat script yet: Redis's clock unknown");
        heard(1);
        assertTrue(cache.open());
    }

    @Test
    void theAgeErrsOnTheOldSide() {
        cache.sent(wall + 20, nanos); // Redis's clock 20 ms ahead, as far as this JVM can tell
        cache.heard(0, wall + 20);
        fill("u1", "t1", "s1");
        advance(1_499);
        assertNotNull(cache.hit("u1", "t1"));
        advance(1);
        assertNull(cache.hit("u1", "t1"));
    }

    @Test
    void aMissingHeartbeatEmptiesTheCache() {
        heard(0);
        fill("u1", "t1", "s1");
        heard(1);
        assertNotNull(cache.hit("u1", "t1"));
        heard(3);
        assertNull(cache.hit("u1", "t1"));
        assertTrue(cache.open(), "open again at once: everything before the gap is gone");
    }

    @Test
    void aResubscriptionClosesUntilTheNextHeartbeat() {
        heard(0);
        fill("u1", "t1", "s1");
        cache.close();
        assertFalse(cache.open());
        assertNull(cache.hit("u1", "t1"));
        heard(7);
        assertTrue(cache.open());
        assertNull(cache.hit("u1", "t1"));
    }

    @Test
    void anInvalidationForgetsTheUsersSessionsOnly() {
        heard(0);
        fill("u1", "t1", "s1");
        fill("u1", "t2", "s2");
        fill("u2", "t3", "s3");
        cache.invalidate("u1");
        assertNull(cache.hit("u1", "t1"));
        assertNull(cache.hit("u1", "t2"));
        assertNotNull(cache.hit("u2", "t3"));
        assertEquals(1, cache.size());
    }

    @Test
    void aFillThatReadRedisBeforeAnInvalidationKeepsNothing() {
        heard(0);
        NearCache.Read read = cache.read();
        cache.invalidate("u1"); // the revocation was published while the read was on its way
        cache.fill(read, "u1", "t1", session("s1"), START + 3_600_000);
        assertNull(cache.hit("u1", "t1"));
        NearCache.Read closedRead = cache.read();
        cache.close();
        heard(1);
        cache.fill(closedRead, "u1", "t1", session("s1"), START + 3_600_000);
        assertNull(cache.hit("u1", "t1"), "nor one that read before a closure");
    }

    @Test
    void theCapAndTheIdleTimeoutAreLeftToRedis() {
        cache = new NearCache(TTL, Duration.ofHours(1), Duration.ofHours(1), 3, () -> nanos, () -> wall);
        heard(0);
        cache.fill(cache.read(), "u1", "t1", session("s1"), START + 1_000);
        assertEquals(Instant.ofEpochMilli(START + 1_000), cache.hit("u1", "t1").expiresAt(), "never past the cap");
        advance(999);
        assertNotNull(cache.hit("u1", "t1"));
        advance(1);
        assertNull(cache.hit("u1", "t1"), "capped: Redis answers (and buries it)");
        fill("u2", "t2", "s2");
        advance(TTL.toMillis() - 1);
        assertNotNull(cache.hit("u2", "t2"), "a hit slides the expiry");
        advance(TTL.toMillis());
        assertNull(cache.hit("u2", "t2"), "idle for the ttl: Redis answers");
        assertTrue(cache.open());
    }

    @Test
    void anEntryIsReadAgainAfterItsMaximumAge() {
        quietChannel();
        heard(0);
        fill("u1", "t1", "s1");
        advance(59_999);
        assertNotNull(cache.hit("u1", "t1"));
        advance(1);
        assertNull(cache.hit("u1", "t1"));
    }

    @Test
    void aFullCacheAnswersItsOwnAndChecksTheRestInRedis() {
        heard(0);
        fill("u1", "t1", "s1");
        fill("u2", "t2", "s2");
        fill("u3", "t3", "s3");
        fill("u4", "t4", "s4");
        assertEquals(3, cache.size());
        assertNull(cache.hit("u4", "t4"));
        fill("u1", "t1", "s1");
        assertEquals(3, cache.size(), "a refill replaces");
    }

    @Test
    void redisTimeComesFromTheLastFill() {
        heard(0);
        Session ahead = new Session("s1", "user", "user", "web", "c", Instant.ofEpochMilli(START),
                Instant.ofEpochMilli(START + 10_000), Instant.ofEpochMilli(START + 10_000 + TTL.toMillis()), "127.0.0.1",
                "ua", Set.of("user"));
        cache.fill(cache.read(), "u1", "t1", ahead, START + 3_600_000);
        assertEquals(Instant.ofEpochMilli(START + 10_000), cache.hit("u1", "t1").lastSeen(),
                "Redis's clock is 10 s ahead of this JVM's");
    }

    /**
     * A fill whose read took 100 ms, Redis's clock being this JVM's and its TIME taken half-way: the cache
     * cannot tell where in those 100 ms Redis's time was taken, so it lets the session go early (Redis then
     * answers), never after Redis's expiry of the last hit, however its touch is written.
     */
    @Test
    void aSlowReadMakesTheCacheLetGoEarlyNeverLate() {
        cache = new NearCache(TTL, Duration.ofHours(1), Duration.ofHours(1), 3, () -> nanos, () -> wall);
        heard(0);
        NearCache.Read read = cache.read();
        advance(50);
        Session live = session("s1");
        advance(50);
        cache.fill(read, "u1", "t1", live, START + 3_600_000);
        advance(1_000);
        Session hit = cache.hit("u1", "t1");
        assertFalse(hit.lastSeen().isAfter(Instant.ofEpochMilli(wall)), "slid from no later than Redis's now");
        assertEquals(hit.lastSeen().plus(TTL), hit.expiresAt(), "the expiry Redis writes from this hit");
        advance(hit.expiresAt().toEpochMilli() - wall - 50);
        assertNull(cache.hit("u1", "t1"), "50 ms (half the read) before Redis's expiry: Redis decides");
        advance(50);
        assertNull(cache.hit("u1", "t1"), "at Redis's expiry");
    }

    /** A fence that outlasts the test's clock jumps, for the rules that are not the fence's. */
    private void quietChannel() {
        cache = new NearCache(TTL, Duration.ofHours(1), Duration.ofMinutes(1), 3, () -> nanos, () -> wall);
    }

    private void fill(String userTag, String tokenHash, String sessionId) {
        cache.fill(cache.read(), userTag, tokenHash, session(sessionId), START + 3_600_000);
    }

    private Session session(String sessionId) {
        return new Session(sessionId, "user", "user", "web", "c", Instant.ofEpochMilli(START), Instant.ofEpochMilli(wall),
                Instant.ofEpochMilli(wall + TTL.toMillis()), "127.0.0.1", "ua", Set.of("user"));
    }

    /** Beat {@code beat} sent now (the test's wall clock stands for Redis's) and heard at once. */
    private void heard(long beat) {
        cache.sent(wall, nanos);
        cache.heard(beat, wall);
    }

    private void advance(long millis) {
        nanos += millis * 1_000_000;
        wall += millis;
    }
}
