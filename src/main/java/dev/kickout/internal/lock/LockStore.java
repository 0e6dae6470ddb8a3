package dev.kickout.internal.lock;

import dev.kickout.LockHeldException;
import dev.kickout.LockHolder;
import dev.kickout.LockLostException;
import dev.kickout.LockView;
import dev.kickout.NotLockedException;
import dev.kickout.ResourceRef;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.LockTiming;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.session.Session;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/** Locks in Redis: the per-resource scripts, kept listed in the {@link LockIndex}. */
@ApplicationScoped
class LockStore {

    /**
     * How far a heartbeat's index entry may be from the lock's exact expiry before a second round trip
     * sets it: later delays the lock watch's release by as much; sooner only makes the watch look
     * early and schedule again (it does so for up to 2 s).
     */
    private static final long INDEX_LATE_MILLIS = 50;
    private static final long INDEX_EARLY_MILLIS = 1_500;

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    LockIndex index;
    @Inject
    LockHoldings holdings;

    /** A script's answer: its status word and the lock it describes (null for LOST / NOT_LOCKED / NONE). */
    record Reply(String status, LockView lock, List<Object> raw) {

        LockView orThrow(ResourceRef resource) {
            return switch (status) {
                case "OK", "ACQUIRED", "RENEWED" -> lock;
                case "HELD" -> throw new LockHeldException(lock);
                case "RESERVED" -> throw reservation(fields(raw)).refusal(resource, instant(fields(raw).get("reservedAt")));
                case "LOST" -> throw new LockLostException(resource, (String) raw.get(1), emptyToNull((String) raw.get(2)));
                default -> throw new NotLockedException(resource);
            };
        }

        /** When a force release was decided (Redis's clock), from its reply's {@code releasedAt}. */
        Instant releasedAt() {
            return Instant.ofEpochMilli(Long.parseLong(fields(raw).get("releasedAt")));
        }
    }

    /**
     * Durable: a new holding mints a fence, and a fence lost in a failover could be issued twice. A new
     * holding first claims its place among the session's and user's locks ({@link LockHoldings}): on a
     * Cluster in a round trip of its own, elsewhere in the lock's.
     *
     * @throws LockLimitException the session or its user holds as many locks as it may
     */
    Reply acquire(ResourceRef resource, Session session, String tokenHash) {
        if (!redis.clustered()) {
            Reply together = acquireTogether(resource, session, tokenHash);
            if (together != null) {
                return together;
            }
        }
        String attempt = holdings.claim(resource, session.userId(), session.sessionId(), tokenHash.substring(0, 16));
        Reply reply;
        try {
            reply = reply(resource, redis.runDurably(acquireCall(resource, session, tokenHash, null), List.of()));
        } catch (RuntimeException e) {
            holdings.unclaim(resource, session.userId(), session.sessionId(), attempt);
            throw e;
        }
        if (!reply.status().equals("ACQUIRED") && !reply.status().equals("RENEWED")) {
            holdings.unclaim(resource, session.userId(), session.sessionId(), attempt);
        } else {
            String listed = index.held(resource, reply.lock(), tokenHash, attempt);
            if (!LockHoldings.listed(listed)) {
                // a renewal whose holding had left the count, with the caps full meanwhile: not kept over the cap
                unlisted(run(Script.LOCK_DROP, resource, session.sessionId(), ttl(resource)));
                throw holdings.limit(resource, listed);
            }
        }
        return reply;
    }

    /**
     * {@link #acquire} in one round trip, where every key is on one server (off a Cluster): the claim,
     * the lock script (which takes the lock only with the place claimed), then the holding and the
     * admin index entry (each written only if the lock was granted to this token, at its expiry).
     * Answers null when the steps ran out of order (one met NOSCRIPT and was sent again after the
     * others): then the caller does it step by step.
     */
    private Reply acquireTogether(ResourceRef resource, Session session, String tokenHash) {
        String attempt = tokenHash.substring(0, 16);
        List<Object> lock = keys.lock(resource.type(), resource.id());
        List<Object> replies;
        try {
            replies = redis.runDurably(List.of(
                    holdings.claimCall(resource, session.userId(), session.sessionId(), attempt),
                    acquireCall(resource, session, tokenHash, attempt),
                    holdings.holdAcquired(resource, session.userId(), session.sessionId(), attempt, tokenHash, lock),
                    index.listAcquired(resource, tokenHash, session.sessionId(), lock)), 1);
        } catch (RuntimeException e) {
            holdings.unclaim(resource, session.userId(), session.sessionId(), attempt);
            throw e;
        }
        @SuppressWarnings("unchecked")
        List<Object> raw = (List<Object>) replies.get(1);
        if (raw.get(0).equals("UNCLAIMED")) {
            @SuppressWarnings("unchecked")
            List<Object> claimed = (List<Object>) replies.get(0);
            holdings.claimed(resource, attempt, claimed); // throws when the caps were full
            return null;
        }
        Reply reply = reply(resource, raw);
        String listed = (String) replies.get(2);
        if (listed.equals("NOT_GRANTED") && (reply.status().equals("ACQUIRED") || reply.status().equals("RENEWED"))) {
            // the holding's step ran before the lock's: list it now
            listed = index.held(resource, reply.lock(), tokenHash, "");
        }
        if (!listed.equals("NOT_GRANTED") && !LockHoldings.listed(listed)) {
            // a renewal whose holding had left the count, with the caps full meanwhile: not kept over the cap
            unlisted(run(Script.LOCK_DROP, resource, session.sessionId(), ttl(resource)));
            throw holdings.limit(resource, listed);
        }
        return reply;
    }

    /**
     * lock-acquire.lua; with {@code claimed} (off a Cluster: the attempt id of the claim before it in the
     * same batch) it takes the lock only with that claim's place, or the session's holding, in the session's
     * holdings; {@code null}: no such check.
     */
    private RedisStore.Call acquireCall(ResourceRef resource, Session session, String tokenHash, String claimed) {
        LockTiming timing = config.lock().timing(resource.type());
        List<Object> scriptKeys = new ArrayList<>(lockAndRoom(resource));
        List<Object> args = new ArrayList<>(Arrays.asList(session.sessionId(), session.userId(), session.username(),
                session.clientId(), tokenHash, timing.ttl().toMillis(), config.lock().maxHold().toMillis(),
                timing.idleTimeout().toMillis(), timing.presence().toMillis()));
        if (claimed != null) {
            scriptKeys.add(holdings.key(session.userId(), session.sessionId()));
            args.add(resource.toString());
            args.add(claimed);
        }
        return new RedisStore.Call(Script.LOCK_ACQUIRE, RScript.ReturnType.LIST, scriptKeys, args.toArray());
    }

    /**
     * Not durable (no wait for replicas): a heartbeat mints nothing, and one lost in a failover only
     * makes the lock expire earlier; the holder's next save is then refused, never let through twice.
     * <p>
     * One round trip: the lock's script, its admin index entry and its holding go in one batch (three
     * slots). The entry and the holding move to the soonest the lock can end from now on (its TTL, or
     * its idle release by the inactivity the page reports); the index entry moves only for the token
     * and session the lock was listed with, and a holding the batch added for a refused heartbeat is
     * taken back. The lock watch warns and releases by the entry's score, so where the lock's exact
     * expiry differs (its max-hold cap, an earlier report of activity, an entry a race unlisted) a
     * second round trip sets it.
     */
    Reply heartbeat(ResourceRef resource, String tokenHash, Session session, long inactiveMillis) {
        LockTiming timing = config.lock().timing(resource.type());
        long ttl = timing.ttl().toMillis();
        long idle = timing.idleTimeout().toMillis();
        long soonest = idle > 0 ? Math.min(ttl, idle - Math.max(0, inactiveMillis)) : ttl;
        List<Object> replies = redis.runTogether(List.of(
                new RedisStore.Call(Script.LOCK_HEARTBEAT, RScript.ReturnType.LIST, keys.lock(resource.type(), resource.id()),
                        tokenHash, session.sessionId(), ttl, inactiveMillis, idle),
                index.beat(resource, tokenHash, session.sessionId(), soonest),
                holdings.beat(resource, session.userId(), session.sessionId(), soonest)));
        @SuppressWarnings("unchecked")
        Reply reply = reply(resource, (List<Object>) replies.get(0));
        long beaten = (Long) replies.get(1);
        if (reply.status().equals("OK")) {
            long exact = reply.lock().expiresAt().toEpochMilli();
            if (beaten == 0 || beaten > exact + INDEX_LATE_MILLIS || beaten < exact - INDEX_EARLY_MILLIS) {
                index.settle(resource, reply.lock(), tokenHash, beaten > exact);
            }
            return reply;
        }
        if (beaten != 0) {
            // the token was listed, and its lock ended now or before: the entry goes with it
            index.unindex(List.of(new LockIndex.Entry(resource.toString(), beaten, null)));
        }
        if (replies.get(2).equals("ADDED")) {
            redis.runTogether(List.of(holdings.forget(resource, session.sessionId())));
        }
        return reply;
    }

    /**
     * Not durable: a release lost in a failover gives the lock back to the same holder until it
     * expires (only a wait for others); whoever acquires it next does so durably, and that
     * acknowledgement covers every earlier write, the release included (replication is in order).
     * <p>
     * One round trip: the lock's script, the unlisting of its index entry (only for the holding that
     * presents it) and of the session's holding, and {@code advance} (the queue's next turn, after the
     * script in the lock's slot) go in one batch. A refused release whose session still holds the lock
     * (a newer token of its own) gets its holding back. Answers the release's reply and the advance's.
     */
    Released release(ResourceRef resource, String tokenHash, String sessionId, RedisStore.Call advance) {
        List<Object> replies = redis.runTogether(List.of(
                new RedisStore.Call(Script.LOCK_RELEASE, RScript.ReturnType.LIST, keys.lock(resource.type(), resource.id()),
                        tokenHash, sessionId, ttl(resource)),
                index.unlist(resource, tokenHash, sessionId),
                holdings.forget(resource, sessionId),
                advance));
        @SuppressWarnings("unchecked")
        Reply reply = reply(resource, (List<Object>) replies.get(0));
        if (!reply.status().equals("OK") && (Long) replies.get(2) > 0) {
            LockView held = reply.lock() != null ? reply.lock() : read(resource);
            if (held != null && held.holder().sessionId().equals(sessionId)) {
                redis.runTogether(List.of(holdings.hold(held, "", "")));
            }
        }
        return new Released(reply, replies.get(3));
    }

    /** A release's reply, and its queue's advance's. */
    record Released(Reply reply, Object advance) {
    }

    Reply check(ResourceRef resource, String tokenHash, String sessionId) {
        return run(Script.LOCK_CHECK, resource, tokenHash, sessionId);
    }

    /**
     * The check before a save, minting the save's fence; {@code sessionId} '' accepts the token alone.
     * Durable: the fence a save writes with must never be issued again after a failover.
     */
    Reply checkForSave(ResourceRef resource, String tokenHash, String sessionId) {
        return runDurably(Script.LOCK_SAVE, resource, tokenHash, sessionId, ttl(resource));
    }

    /**
     * Breaks the lock and writes its outbox entry (the caller unlists it, as a follow-up). Durable:
     * a force release confirmed to the admin must not be undone by a failover (the old token alive again).
     */
    Reply forceRelease(ResourceRef resource, String adminUserId, List<Object> outboxKeys,
                       List<Object> outboxArgs) {
        List<Object> keyList = new ArrayList<>(keys.lock(resource.type(), resource.id()));
        keyList.addAll(outboxKeys);
        List<Object> args = new ArrayList<>(List.of(adminUserId == null ? "" : adminUserId,
                config.lock().forceReleaseGrace().toMillis(), ttl(resource)));
        args.addAll(outboxArgs);
        return reply(resource, redis.runDurably(Script.LOCK_FORCE_RELEASE, keyList, args.toArray()));
    }

    /**
     * Releases every lock the session {@code sessionId} of {@code userId} still holds; answers those it released. Not durable: it
     * follows a revocation that is, so a drop lost in a failover leaves locks to a session whose
     * requests are refused anyway, until they expire.
     */
    List<LockView> dropAll(String userId, String sessionId) {
        return dropAll(userId, sessionId, holdings.heldBy(userId, sessionId));
    }

    /** {@link #dropAll(String, String)} of the resources {@code heldBy} the session, as read already. */
    List<LockView> dropAll(String userId, String sessionId, List<String> heldBy) {
        Set<String> held = new LinkedHashSet<>(heldBy);
        List<LockView> dropped = new ArrayList<>();
        for (String entry : held) {
            ResourceRef resource = ResourceRef.parse(entry);
            Reply reply = run(Script.LOCK_DROP, resource, sessionId, ttl(resource));
            if (reply.lock() != null) {
                dropped.add(reply.lock());
            }
        }
        if (dropped.isEmpty()) {
            return dropped;
        }
        index.unindex(dropped.stream().map(lock -> new LockIndex.Entry(LockViews.resource(lock).toString(),
                lock.expiresAt().toEpochMilli(), lock)).toList());
        redis.runTogether(List.of(holdings.unhold(userId, sessionId, dropped)));
        return dropped;
    }

    /** The lock's current state, or null; without touching it. */
    LockView read(ResourceRef resource) {
        Map<String, String> fields = redis.call(client -> client.<String, String>getMap(
                (String) keys.lock(resource.type(), resource.id()).get(0), StringCodec.INSTANCE).readAllMap());
        return "HELD".equals(fields.get("state")) ? view(resource, fields) : null;
    }

    /** Remembers that {@code sessionId} was refused this lock, for LOCK_AVAILABLE. */
    void addWaiter(ResourceRef resource, String sessionId) {
        redis.run(Script.LOCK_WAIT, List.of(keys.lockWaiters(resource.type(), resource.id())), sessionId, ttl(resource));
    }

    /** Takes the lock's index entries along when a script released it. */
    private Reply unlisted(Reply reply) {
        if (reply.status().equals("OK")) {
            index.released(reply.lock());
        }
        return reply;
    }

    private Reply run(Script script, ResourceRef resource, Object... args) {
        return reply(resource, redis.run(script, keys.lock(resource.type(), resource.id()), args));
    }

    private Reply runDurably(Script script, ResourceRef resource, Object... args) {
        return reply(resource, redis.runDurably(script, keys.lock(resource.type(), resource.id()), args));
    }

    /** The lock's keys and its room's (the same Redis Cluster slot), for the scripts that need both. */
    List<Object> lockAndRoom(ResourceRef resource) {
        List<Object> all = new ArrayList<>(keys.lock(resource.type(), resource.id()));
        all.addAll(keys.lockRoom(resource.type(), resource.id()));
        return all;
    }

    static Reply reply(ResourceRef resource, List<Object> raw) {
        String status = (String) raw.get(0);
        boolean hasView = !status.equals("LOST") && !status.equals("RESERVED") && raw.size() > 1;
        return new Reply(status, hasView ? view(resource, fields(raw)) : null, raw);
    }

    static Map<String, String> fields(List<Object> raw) {
        Map<String, String> fields = new HashMap<>();
        for (int i = 1; i + 1 < raw.size(); i += 2) {
            fields.put((String) raw.get(i), (String) raw.get(i + 1));
        }
        return fields;
    }

    static LockView view(ResourceRef resource, Map<String, String> f) {
        return new LockView(resource.type(), resource.id(),
                new LockHolder(f.get("userId"), f.get("username"), f.get("sessionId"), f.get("clientId")),
                Long.parseLong(f.get("fence")), instant(f.get("acquiredAt")), instant(f.get("lastHeartbeat")),
                instant(f.get("expiresAt")), f.containsKey("idleAt") ? instant(f.get("idleAt")) : null, null, null);
    }

    /** A RESERVED lock hash's reservation. */
    static Reservation reservation(Map<String, String> f) {
        return new Reservation(emptyToNull(f.get("userId")), emptyToNull(f.get("username")), instant(f.get("expiresAt")));
    }

    static Instant instant(String millis) {
        return Instant.ofEpochMilli(Long.parseLong(millis));
    }

    private long ttl(ResourceRef resource) {
        return config.lock().timing(resource.type()).ttl().toMillis();
    }

    static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
