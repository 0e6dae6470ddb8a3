package dev.kickout.internal.session;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Live sessions this instance has checked in Redis, answered again without a round trip while a fence
 * holds. Safe against revocation by three rules:
 * <ol>
 * <li><b>Fence.</b> Hits are answered only while this instance keeps hearing its own heartbeats on the
 * invalidation channel ({@link #heard}), in sequence, each for {@code silence} after it was <em>sent</em> (on
 * Redis's time), not after it was heard: a subscriber with a backlog older than the silence answers nothing.
 * A gap in the beats' numbers or a resubscription ({@link #close}) shows that messages may have been lost, and
 * empties the cache first. A silence or a stale beat only shows delay: the channel delivers in order, so the
 * invalidations held back arrive before the beat that opens the fence again, and nothing is answered meanwhile.
 * So an invalidation the channel lost or holds back can never leave a revoked session answered.</li>
 * <li><b>Fill.</b> A miss notes its {@link #read()} (the epoch, and this JVM's clock) before it reads Redis;
 * every invalidation and closure moves the epoch, and {@link #fill} keeps nothing read across one, so a fill
 * racing a revocation cannot bring the revoked session back.</li>
 * <li><b>Time.</b> Expiry and the absolute cap are checked here on Redis's time, and an entry is read from
 * Redis again after {@code maxAge} whatever else. A fill's reply carries Redis's time, taken somewhere between
 * this JVM's two readings of its clock around the read; so this JVM's clock plus {@code redisAhead} is never
 * behind Redis's, and plus {@code redisBehind} never ahead of it. Expiry and cap are checked with the first
 * and a hit slides from the second, so the cache lets a session go at the latest when Redis does, by up to
 * one read's time earlier (Redis then answers), never later.</li>
 * </ol>
 * Invalidations name a user: all of that user's cached sessions go. Fills, invalidations and closures are
 * serialised on this object; hits take no lock.
 */
final class NearCache {

    /** One cached session; {@code expiresAt} slides with this instance's hits, {@code lastHit} is flushed by {@link #drainTouches}. */
    private static final class Entry {
        final Session session;
        final String userTag;
        final long capAt;
        final long filledAt;
        volatile long expiresAt;
        volatile long lastHit;
        volatile boolean touchPending;

        Entry(Session session, String userTag, long capAt, long filledAt) {
            this.session = session;
            this.userTag = userTag;
            this.capAt = capAt;
            this.filledAt = filledAt;
            this.expiresAt = session.expiresAt().toEpochMilli();
        }
    }

    /** A session whose sliding expiry is due to be written to Redis: its user, id and last hit (Redis's ms). */
    record Touch(String userTag, String sessionId, long lastHit) {
    }

    /** Beat replies whose offset bounds are kept: the last 16, about a sixth of a second by default. */
    static final int OFFSET_SAMPLES = 16;

    private final Map<String, Map<String, Entry>> byUser = new ConcurrentHashMap<>();
    private final Map<String, Entry> touches = new ConcurrentHashMap<>();
    private final long ttlMillis;
    private final long silenceNanos;
    private final long maxAgeNanos;
    private final int capacity;
    private final LongSupplier nanoTime;
    private final LongSupplier wallMillis;

    private int size;
    private volatile long epoch;
    /** Hits are answered while the fence is up and {@code nanoTime} is before {@code openUntil}. */
    private volatile boolean fenced;
    private volatile long openUntil;
    private long nextBeat = -1;
    /**
     * Redis's time (ns) minus this JVM's {@code nanoTime}: each beat's reply bounds it from above, and the
     * tightest of the last {@link #OFFSET_SAMPLES} bounds is used, so one reply that was slow to be sent (a
     * busy machine) does not make live beats look old.
     */
    private final long[] offsetBounds = new long[OFFSET_SAMPLES];
    private int nextOffset;
    private int offsetsKept;
    private long beatOffset;
    private boolean beatOffsetKnown;
    /** Redis's time minus this JVM's, bounded from above and below by the last fill: see the class comment. */
    private volatile long redisAhead;
    private volatile long redisBehind;

    /** What a miss notes before it reads Redis for a {@link #fill}: the epoch, and this JVM's clock (ms). */
    record Read(long epoch, long wallMillis) {
    }

    NearCache(Duration ttl, Duration silence, Duration maxAge, int capacity, LongSupplier nanoTime,
              LongSupplier wallMillis) {
        this.ttlMillis = ttl.toMillis();
        this.silenceNanos = silence.toNanos();
        this.maxAgeNanos = maxAge.toNanos();
        this.capacity = capacity;
        this.nanoTime = nanoTime;
        this.wallMillis = wallMillis;
    }

    /**
     * The cached live session of a token, with its expiry slid as Redis would slide it; null to ask Redis
     * (fence closed, not cached, too old, expired or capped here).
     */
    Session hit(String userTag, String tokenHash) {
        long now = nanoTime.getAsLong();
        if (!fenced || now - openUntil >= 0) {
            return null;
        }
        Map<String, Entry> sessions = byUser.get(userTag);
        Entry entry = sessions == null ? null : sessions.get(tokenHash);
        if (entry == null || now - entry.filledAt >= maxAgeNanos) {
            return null;
        }
        long wall = wallMillis.getAsLong();
        long latest = wall + redisAhead;
        if (latest >= entry.expiresAt || latest >= entry.capAt) {
            return null; // Redis decides, and buries it if it is really over
        }
        long seen = wall + redisBehind;
        long expiresAt = Math.min(Math.max(entry.expiresAt, seen + ttlMillis), entry.capAt);
        entry.expiresAt = expiresAt;
        entry.lastHit = Math.max(entry.lastHit, seen);
        if (!entry.touchPending) {
            entry.touchPending = true;
            touches.put(entry.session.sessionId(), entry);
        }
        Session session = entry.session;
        return new Session(session.sessionId(), session.userId(), session.username(), session.deviceType(),
                session.clientId(), session.loginTime(), Instant.ofEpochMilli(seen), Instant.ofEpochMilli(expiresAt),
                session.ip(), session.userAgent(), session.roles());
    }

    /** Note this before reading Redis for a {@link #fill}. */
    Read read() {
        return new Read(epoch, wallMillis.getAsLong());
    }

    /**
     * Caches {@code session}, just read live from Redis (its {@code lastSeen} is Redis's time of the read),
     * unless an invalidation or closure came after {@code before} or the cache is full.
     */
    synchronized void fill(Read before, String userTag, String tokenHash, Session session, long capAt) {
        long redisTime = session.lastSeen().toEpochMilli();
        redisAhead = redisTime - before.wallMillis();
        redisBehind = redisTime - wallMillis.getAsLong();
        if (before.epoch() != epoch || !open()) {
            return;
        }
        Map<String, Entry> sessions = byUser.computeIfAbsent(userTag, tag -> new ConcurrentHashMap<>());
        Entry old = sessions.get(tokenHash);
        if (old == null && size >= capacity) {
            return;
        }
        sessions.put(tokenHash, new Entry(session, userTag, capAt, nanoTime.getAsLong()));
        if (old == null) {
            size++;
        }
    }

    /** Forgets every cached session of a user (a revocation was published for them). */
    synchronized void invalidate(String userTag) {
        epoch++;
        Map<String, Entry> gone = byUser.remove(userTag);
        if (gone != null) {
            size -= gone.size();
        }
    }

    /**
     * The heartbeat script answered: it ran at {@code redisMillis} on Redis's clock, after this JVM read
     * {@code nanosBefore}; so Redis's clock is at most {@code redisMillis - nanosBefore} ahead of {@code nanoTime}.
     */
    synchronized void sent(long redisMillis, long nanosBefore) {
        offsetBounds[nextOffset] = redisMillis * 1_000_000 - nanosBefore;
        nextOffset = (nextOffset + 1) % OFFSET_SAMPLES;
        offsetsKept = Math.min(offsetsKept + 1, OFFSET_SAMPLES);
        long tightest = Long.MAX_VALUE;
        for (int i = 0; i < offsetsKept; i++) {
            tightest = Math.min(tightest, offsetBounds[i]);
        }
        beatOffset = tightest;
        beatOffsetKnown = true;
    }

    /**
     * This instance's own heartbeat number {@code beat}, sent at {@code sentAt} (Redis's ms), came back over
     * the channel: everything published before it has been heard, so the fence holds until {@code silence}
     * after it was sent. A beat out of sequence proves messages may have been lost: the cache empties first. A
     * beat already older than the silence (a backlog), or one whose age cannot be told yet, leaves the fence
     * down; one heard after the fence had lapsed opens it again, since what was published before it came first.
     */
    synchronized void heard(long beat, long sentAt) {
        long now = nanoTime.getAsLong();
        if (beat != nextBeat) {
            clear();
        }
        nextBeat = beat + 1;
        long age = beatOffsetKnown ? Math.max(0, now + beatOffset - sentAt * 1_000_000) : silenceNanos;
        openUntil = now + silenceNanos - age;
        fenced = age < silenceNanos;
    }

    /** The channel may have lost messages (unsubscribed, resubscribed): answer nothing until heard again. */
    synchronized void close() {
        fenced = false;
        clear();
        nextBeat = -1;
    }

    /** Whether hits are answered now. */
    boolean open() {
        return fenced && nanoTime.getAsLong() - openUntil < 0;
    }

    int size() {
        return size;
    }

    /** Sessions hit since the last call, with their last hit, for one batched write of their expiry. */
    List<Touch> drainTouches() {
        List<Touch> due = new ArrayList<>();
        for (String sessionId : touches.keySet()) {
            Entry entry = touches.remove(sessionId);
            if (entry != null) {
                entry.touchPending = false;
                due.add(new Touch(entry.userTag, sessionId, entry.lastHit));
            }
        }
        return due;
    }

    private void clear() {
        epoch++;
        byUser.clear();
        size = 0;
    }
}
