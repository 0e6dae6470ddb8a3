package dev.kickout.internal.lock;

import dev.kickout.Actor;
import dev.kickout.LockHeldException;
import dev.kickout.LockToken;
import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.event.LockForceReleased;
import dev.kickout.event.LockFreed;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.ModuleClock;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.outbox.Outbox;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.session.Session;
import dev.kickout.spi.LockPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Edit locks on business records: acquire, heartbeat, release (holder only), force release
 * (admins), and the check a save makes.
 *
 * <pre>{@code
 * @Inject EditLocks locks;
 * LockView mine = locks.acquire(new ResourceRef("order", "10086"), current.require());
 * // keep it alive every kickout.lock.heartbeat:
 * locks.heartbeat(ref, mine.lockToken(), current.require());
 * }</pre>
 * Each holding has a secret token (Redis keeps only its hash) and a fence that grows with every
 * new holding and never goes back (see lock-acquire.lua). Every expiry is judged by Redis's clock,
 * never this server's. Reads {@code kickout.lock.*}.
 */
@ApplicationScoped
public class EditLocks {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    LockStore store;
    @Inject
    RedisStore redis;
    @Inject
    Metrics metrics;
    @Inject
    LockIndex index;
    @Inject
    LockListing listing;
    @Inject
    OrphanLockKeys orphans;
    @Inject
    KickoutConfig config;
    @Inject
    ModuleClock clock;
    @Inject
    ForceReleaseFollowUps followUps;
    @Inject
    Outbox outbox;
    @Inject
    RedisKeys keys;
    @Inject
    Event<LockFreed> freed;
    @Inject
    LockGate gate;
    @Inject
    LockRooms rooms;

    /** The outcome of {@link #acquire}: the lock with its token, and whether it was already this session's. */
    public record Acquired(LockView lock, boolean renewed) {
    }

    /**
     * Takes the lock for {@code session}, or renews it (with a new token) if the session holds it.
     *
     * @throws LockTypeUnknownException the type is not declared ({@code kickout.lock.types})
     * @throws LockForbiddenException   the host's {@link LockPolicy} refuses the caller
     * @throws LockLimitException       the session or its user holds as many locks as it may
     * @throws LockHeldException        another session holds it
     */
    public Acquired acquire(ResourceRef resource, Session session) {
        gate.admit(resource, session);
        String token = newToken();
        LockStore.Reply reply = store.acquire(resource, session, RedisKeys.secretHash(token));
        if (reply.status().equals("QUEUED")) {
            // free, with others waiting: their first gets the turn, and the caller learns who has it
            rooms.advance(resource, Double.NaN);
            reply = store.acquire(resource, session, RedisKeys.secretHash(token));
        }
        if (reply.status().equals("HELD") || reply.status().equals("RESERVED")) {
            metrics.lockConflict();
            store.addWaiter(resource, session.sessionId());
        } else {
            metrics.lockAcquired(reply.status().equals("RENEWED"));
        }
        if (reply.status().equals("QUEUED")) {
            throw new Reservation(null, null, clock.now().instant()).refusal(resource, clock.now().instant());
        }
        LockView lock = reply.orThrow(resource);
        if ("1".equals(LockStore.fields(reply.raw()).get("waited"))) {
            rooms.served(resource, session);
        }
        return new Acquired(LockViews.forOwner(lock, token, heartbeatSeconds(resource)), reply.status().equals("RENEWED"));
    }

    /**
     * Pushes the lock's expiry forward; holder only, and only while the host's {@link LockPolicy} still
     * lets the holder lock the record (refused: 403 LOCK_FORBIDDEN, and the lock runs out by its TTL).
     */
    public LockView heartbeat(ResourceRef resource, String lockToken, Session session) {
        return heartbeat(resource, lockToken, session, null);
    }

    /**
     * A heartbeat that also reports how long the person on the holder's page has been inactive
     * ({@code idleSeconds}; null: active now). With idle release on for the type, a lock whose holder
     * reported no activity for {@code kickout.lock.idle-timeout} ends (LOCK_LOST, reason IDLE).
     */
    public LockView heartbeat(ResourceRef resource, String lockToken, Session session, Integer idleSeconds) {
        gate.admit(resource, session);
        LockStore.Reply reply = store.heartbeat(resource, hash(lockToken), session,
                idleSeconds == null ? -1 : idleSeconds * 1000L);
        if (reply.status().equals("LOST") && List.of("IDLE", "EXPIRED").contains(reply.raw().get(1))) {
            freed.fire(new LockFreed(resource, Duration.ZERO));
        }
        return reply.orThrow(resource);
    }

    /** How often the holder's page should beat for locks of this type. */
    public int heartbeatSeconds(ResourceRef resource) {
        return (int) config.lock().timing(resource.type()).heartbeat().toSeconds();
    }

    /** Releases the lock; holder only (compare-and-delete). */
    public void release(ResourceRef resource, String lockToken, Session session) {
        release(resource, lockToken, session.sessionId());
    }

    /** Releases the lock held by {@code sessionId} with {@code lockToken} (after a guarded save committed). */
    void release(ResourceRef resource, String lockToken, String sessionId) {
        // the lock's script, its unlisting and its queue's next turn go to Redis together, in one round trip
        LockStore.Released released = store.release(resource, hash(lockToken), sessionId, rooms.advanceOnRelease(resource));
        boolean ok = released.reply().status().equals("OK");
        // what the advance decided (the next in line told, or those refused the lock lately) goes together too
        redis.pipelined(() -> rooms.releasedWithAdvance(resource, ok, released.advance()));
        released.reply().orThrow(resource);
    }

    /**
     * What a save checks first: that {@code lockToken} holds the lock for {@code session} now.
     *
     * @return the lock, with the fence to store beside the saved record
     * @throws dev.kickout.LockLostException the token no longer holds it, and why
     * @throws LockHeldException another session holds it and the token was never one of its own
     */
    public LockView check(ResourceRef resource, String lockToken, Session session) {
        gate.requireDeclared(resource);
        return store.check(resource, hash(lockToken), session.sessionId()).orThrow(resource);
    }

    /**
     * The check before a guarded save: like {@link #check}, and mints the fence this save writes
     * with (larger than every fence issued before for the resource, also within one holding).
     *
     * @param sessionId the calling session, or {@code null} to accept the token alone (a call with
     *                  no HTTP request; see {@link LockToken})
     */
    LockView checkForSave(ResourceRef resource, String lockToken, String sessionId) {
        return store.checkForSave(resource, hash(lockToken), sessionId == null ? "" : sessionId).orThrow(resource);
    }

    /** The re-check just before a guarded save commits: the token still holds the lock for its holding's session. */
    void verify(ResourceRef resource, String lockToken, String sessionId) {
        store.check(resource, hash(lockToken), sessionId).orThrow(resource);
    }

    /** The lock, whole (for the host's own code: holder's session and client included). */
    public Optional<LockView> get(ResourceRef resource) {
        return Optional.ofNullable(store.read(resource));
    }

    /**
     * The lock as {@code viewer} may see it: whole for the holding user and for admins
     * ({@code kickout.admin.role}); for anyone else the holder is only named (user id, name), with
     * no session or client id.
     *
     * @throws LockTypeUnknownException the type is not declared
     * @throws LockForbiddenException   a host {@link dev.kickout.spi.LockPolicy} does not let the viewer see it
     */
    public Optional<LockView> look(ResourceRef resource, Session viewer) {
        gate.admitViewer(resource, viewer);
        return get(resource).map(lock -> viewer.userId().equals(lock.holder().userId())
                || viewer.roles().contains(config.adminRole()) ? lock : LockViews.forOthers(lock));
    }

    /**
     * Breaks a lock: the holder's token dies at once, the holder is told ({@link LockForceReleased}),
     * and the resource is free after {@code kickout.lock.force-release-grace}. The follow-ups are
     * delivered at least once (the outbox): a failing one leaves the release standing.
     *
     * @throws dev.kickout.NotLockedException nobody holds it
     */
    public LockView forceRelease(ResourceRef resource, String reason, Actor admin) {
        String outboxId = outbox.newId();
        LockStore.Reply reply = store.forceRelease(resource, admin.userId(),
                keys.lockOutbox(resource.type(), resource.id()), followUps.args(resource, outboxId, reason, admin));
        LockView lock = reply.orThrow(resource);
        metrics.lockForceReleased();
        followUps.afterDecision(outboxId, lock, reason, admin, reply.releasedAt());
        return lock;
    }

    /** A page of held locks ({@code total} of them), soonest expiry first. */
    public record Page(long total, List<LockView> items) {
    }

    /**
     * A page of held locks, optionally of one type and/or one holder. Without a filter, {@code total}
     * counts every listed lock; with one, only the matches among the first
     * 5,000 listed locks are seen. Entries of locks found gone are forgotten.
     */
    public Page list(String type, String userId, int offset, int limit) {
        return type == null && userId == null
                ? listing.page(offset, limit)
                : listing.filtered(lock -> (type == null || type.equals(lock.type()))
                        && (userId == null || userId.equals(lock.holder().userId())), offset, limit);
    }

    /** Releases the locks a session holds, when it ends. */
    public List<LockView> releaseAllOf(Session session) {
        return releaseAllOf(session.userId(), session.sessionId());
    }

    /** Releases the locks the session {@code sessionId} of {@code userId} holds. */
    List<LockView> releaseAllOf(String userId, String sessionId) {
        return released(store.dropAll(userId, sessionId));
    }

    /** Releases the locks of {@code heldBy}, the holdings of the session {@code sessionId} as read already. */
    List<LockView> releaseAllOf(String userId, String sessionId, List<String> heldBy) {
        return released(store.dropAll(userId, sessionId, heldBy));
    }

    private List<LockView> released(List<LockView> dropped) {
        dropped.forEach(lock -> freed.fire(new LockFreed(LockViews.resource(lock), Duration.ZERO)));
        return dropped;
    }

    /** The sweeper's first share: forgets up to {@code limit} index entries of expired locks; answers how many. */
    public int pruneIndex(int limit) {
        return index.pruneExpired(limit);
    }

    /**
     * The sweeper's second share: examines the next {@code limit} lock keys of a walk that goes on
     * where the last call stopped, deletes lock data no live lock owns and gives an expiry to any
     * lock key without one (left by a crash or a manual edit); answers how many it fixed.
     */
    public int boundOrphans(int limit) {
        return orphans.step(limit, config.lock().ttlMax().toMillis());
    }

    static String hash(String lockToken) {
        return lockToken == null || lockToken.isEmpty() || lockToken.length() > 128 ? "" : RedisKeys.secretHash(lockToken);
    }

    private static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
