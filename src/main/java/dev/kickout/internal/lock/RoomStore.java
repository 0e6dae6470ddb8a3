package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.LockTiming;
import dev.kickout.internal.redis.RedisClock;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.SlotBatches;
import dev.kickout.internal.session.Session;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * A record's room in Redis (its queue, the pages present, the hand-over requests: lock-queue-lib.lua),
 * the per-user queue cap, and the lock watch's list of records to look after (sharded like the lock index).
 */
@ApplicationScoped
class RoomStore {

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    LockStore locks;
    @Inject
    RedisClock clock;

    /** A join's answer: its status (OK, JOINED, HOLDER, FULL), the caller's place, and a turn it gave. */
    record Joined(String status, Place place, Turn turn) {
    }

    Joined join(ResourceRef resource, Session session) {
        LockTiming timing = timing(resource);
        List<Object> raw = redis.run(Script.LOCK_QUEUE_JOIN, locks.lockAndRoom(resource), session.sessionId(),
                session.userId(), session.username(), timing.presence().toMillis(), config.lock().queueMaxPerRecord(),
                config.lock().viewersMaxPerRecord(), timing.reservation().toMillis());
        String status = (String) raw.get(0);
        if (raw.size() < 4) {
            return new Joined(status, null, null);
        }
        String until = (String) raw.get(3);
        Place place = new Place(resource.type(), resource.id(), ((Long) raw.get(1)).intValue(), ((Long) raw.get(2)).intValue(),
                until.isEmpty() ? null : LockStore.instant(until));
        return new Joined(status, place, Turn.parse(raw, 4));
    }

    /** Takes the session out of the queue (and off the page with {@code page}); answers a turn that passed on. */
    Turn leave(ResourceRef resource, String sessionId, boolean page) {
        LockTiming timing = timing(resource);
        List<Object> raw = redis.run(Script.LOCK_QUEUE_LEAVE, locks.lockAndRoom(resource), sessionId, page ? "1" : "0",
                timing.presence().toMillis(), timing.reservation().toMillis());
        return Turn.parse(raw, 1);
    }

    /** lock-queue-advance.lua's answer, as it came. */
    List<Object> advance(ResourceRef resource) {
        return redis.run(Script.LOCK_QUEUE_ADVANCE, advanceKeys(resource), advanceArgs(resource, ""));
    }

    /** {@link #advance}, for a lock that just freed, as a call: with nobody in line, its answer also names the waiters it took. */
    RedisStore.Call advanceAndTakeWaiters(ResourceRef resource) {
        return new RedisStore.Call(Script.LOCK_QUEUE_ADVANCE, RScript.ReturnType.LIST, advanceKeys(resource),
                advanceArgs(resource, "1"));
    }

    private List<Object> advanceKeys(ResourceRef resource) {
        List<Object> keyList = locks.lockAndRoom(resource);
        keyList.add(keys.lockWaiters(resource.type(), resource.id()));
        return keyList;
    }

    private Object[] advanceArgs(ResourceRef resource, String takeWaiters) {
        LockTiming timing = timing(resource);
        return new Object[] {timing.presence().toMillis(), timing.reservation().toMillis(),
                timing.handoverIdleAfter().toMillis(), timing.ttl().toMillis(), takeWaiters};
    }

    /** lock-presence.lua's room as JSON. */
    String presence(ResourceRef resource, Session session) {
        return (String) redis.run(Script.LOCK_PRESENCE, locks.lockAndRoom(resource), session.sessionId(),
                session.userId(), session.username(), timing(resource).presence().toMillis(),
                config.lock().viewersMaxPerRecord()).get(0);
    }

    List<Object> ask(ResourceRef resource, Session session, String requestId, String message, long coolDownMillis) {
        return redis.run(Script.LOCK_HANDOVER_ASK, locks.lockAndRoom(resource), session.sessionId(), session.userId(),
                session.username(), requestId, message, coolDownMillis, timing(resource).presence().toMillis());
    }

    List<Object> answer(ResourceRef resource, String tokenHash, String sessionId, String requestId, boolean accept) {
        LockTiming timing = timing(resource);
        return redis.run(Script.LOCK_HANDOVER_ANSWER, locks.lockAndRoom(resource), tokenHash, sessionId, requestId,
                accept ? "1" : "0", timing.ttl().toMillis(), timing.presence().toMillis(), timing.reservation().toMillis());
    }

    /** lock-deadline.lua: warns or releases a lock at its inactivity or max-hold deadline. */
    List<Object> deadline(ResourceRef resource, boolean release) {
        LockTiming timing = timing(resource);
        return redis.run(Script.LOCK_DEADLINE, keys.lock(resource.type(), resource.id()), timing.ttl().toMillis(),
                timing.idleWarning().toMillis(), release ? "1" : "0");
    }

    /** Counts the user's queue {@code entry} against the cap (OK, FULL), or with cap 0 renews it (OK, NONE). */
    String countQueue(String userId, String entry, int cap, ResourceRef resource) {
        return (String) redis.eval(Script.LOCK_QUEUE_USER, org.redisson.api.RScript.ReturnType.VALUE,
                List.of(keys.userQueues(RedisKeys.userTag(userId))), entry, timing(resource).presence().toMillis(), cap);
    }

    void uncountQueue(String userId, String entry) {
        redis.call(client -> client.getScoredSortedSet(keys.userQueues(RedisKeys.userTag(userId)), StringCodec.INSTANCE)
                .remove(entry));
    }

    /** The user's queue entries ("type/id sessionId"). */
    Collection<String> queuesOf(String userId) {
        return redis.call(client -> client.<String>getScoredSortedSet(keys.userQueues(RedisKeys.userTag(userId)),
                StringCodec.INSTANCE).readAll());
    }

    /** Adds the read of {@link #queuesOf} to {@code batch}. */
    RFuture<Collection<String>> queuesOf(RBatch batch, String userId) {
        return batch.<String>getScoredSortedSet(keys.userQueues(RedisKeys.userTag(userId)), StringCodec.INSTANCE)
                .readAllAsync();
    }

    /** Has the lock watch look at the record at {@code atMillis} at the latest. */
    void watch(ResourceRef resource, long atMillis) {
        redis.call(client -> client.getScoredSortedSet(watchKey(resource), StringCodec.INSTANCE)
                .addIfLess(atMillis, resource.toString()));
    }

    /** Moves the record's next look to {@code atMillis} (later or sooner). */
    void rewatch(ResourceRef resource, long atMillis) {
        redis.call(client -> client.getScoredSortedSet(watchKey(resource), StringCodec.INSTANCE)
                .add(atMillis, resource.toString()));
    }

    /** Forgets the record unless it was listed again since its entry read {@code score}. */
    void unwatch(ResourceRef resource, double score) {
        redis.eval(Script.LOCK_UNWATCH, org.redisson.api.RScript.ReturnType.LONG, List.of(watchKey(resource)),
                resource.toString(), (long) score);
    }

    /** Redis's time now (ms). */
    long now() {
        return clock.millis(keys.lockQueues(0));
    }

    /** Up to {@code limit} records per shard of {@code shards} (the index's keys) whose score is at most {@code until}. */
    List<ScoredEntry<String>> due(List<String> shards, double until, int limit) {
        return due(shards, Double.NEGATIVE_INFINITY, until, limit);
    }

    /** The same, from score {@code from} on. */
    List<ScoredEntry<String>> due(List<String> shards, double from, double until, int limit) {
        List<RFuture<Collection<ScoredEntry<String>>>> reads = new ArrayList<>();
        redis.background(client -> {
            SlotBatches batch = redis.batches(client);
            for (String shard : shards) {
                reads.add(batch.forKey(shard).<String>getScoredSortedSet(shard, StringCodec.INSTANCE)
                        .entryRangeAsync(from, true, until, true, 0, limit));
            }
            return batch.execute();
        });
        List<ScoredEntry<String>> due = new ArrayList<>();
        reads.forEach(read -> due.addAll(read.toCompletableFuture().join()));
        return due;
    }

    /** The keys of the lock watch's lists, one per index shard. */
    List<String> watchKeys() {
        List<String> all = new ArrayList<>();
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            all.add(keys.lockQueues(shard));
        }
        return all;
    }

    /** The lock index's keys (held locks by expiry). */
    List<String> indexKeys() {
        List<String> all = new ArrayList<>();
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            all.add(keys.locksIndex(shard));
        }
        return all;
    }

    /** For the admin: one record's lock hash, queue and names, read in one pipelined round trip. */
    record Snapshot(Map<String, String> lock, List<String> queue, Map<String, String> names) {
    }

    List<Snapshot> snapshots(List<ResourceRef> resources) {
        List<RFuture<Map<String, String>>> lockReads = new ArrayList<>();
        List<RFuture<Collection<String>>> queueReads = new ArrayList<>();
        List<RFuture<Map<String, String>>> nameReads = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (ResourceRef resource : resources) {
                List<Object> room = keys.lockRoom(resource.type(), resource.id());
                String lock = (String) keys.lock(resource.type(), resource.id()).get(0);
                RBatch batch = batches.forKey(lock); // the lock and its room share its slot
                lockReads.add(batch.<String, String>getMap(lock, StringCodec.INSTANCE).readAllMapAsync());
                queueReads.add(batch.<String>getScoredSortedSet((String) room.get(0), StringCodec.INSTANCE).readAllAsync());
                nameReads.add(batch.<String, String>getMap((String) room.get(2), StringCodec.INSTANCE).readAllMapAsync());
            }
            return batches.execute();
        });
        List<Snapshot> all = new ArrayList<>();
        for (int i = 0; i < resources.size(); i++) {
            all.add(new Snapshot(lockReads.get(i).toCompletableFuture().join(),
                    List.copyOf(queueReads.get(i).toCompletableFuture().join()), nameReads.get(i).toCompletableFuture().join()));
        }
        return all;
    }

    private String watchKey(ResourceRef resource) {
        return keys.lockQueues(RedisKeys.indexShardOfLock(resource.type(), resource.id()));
    }

    private LockTiming timing(ResourceRef resource) {
        return config.lock().timing(resource.type());
    }
}
