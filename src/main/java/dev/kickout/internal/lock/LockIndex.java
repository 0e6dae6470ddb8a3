package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.ShardedRange;
import dev.kickout.internal.redis.SlotBatches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * Where locks are listed besides their own keys: the admin index (type/id by expiry, so expired
 * entries are the lowest and cheap to prune) and its holder's holdings ({@link LockHoldings}). Neither shares a Redis
 * Cluster slot with the lock, so they follow an acquire's or release's outcome in a separate round
 * trip; a heartbeat sends its steps beside the lock's script, and the index moves an entry only for
 * the token and session it was listed with (a digest of them kept beside it, in its slot), so a refused heartbeat
 * cannot move another holder's entry. A heartbeat re-indexes a live lock that a race unlisted, and an entry left
 * behind by a crash is pruned once its expiry passes. The admin index is split into {@link RedisKeys#INDEX_SHARDS}
 * shards spread over the slot space (a lock in the shard of its own tag), merged for a page by
 * {@link ShardedRange}; pruning visits every shard.
 */
@ApplicationScoped
class LockIndex {

    private static final int SHARDS = RedisKeys.INDEX_SHARDS;

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    LockHoldings holdings;

    /** One index entry as read, with its lock (null when the lock is gone). */
    record Entry(String member, long expiresAt, LockView lock) {
    }

    /**
     * Lists a lock that was just acquired or renewed with the holding's {@code tokenHash}, for the admin
     * and among its holder's holdings (in place of the acquire's claim {@code attempt}, or "" when it
     * needed none); answers lock-hold.lua's answer: listed ({@link LockHoldings#listed}), or SESSION /
     * USER when that cap was full and the holdings did not take it.
     */
    String held(ResourceRef resource, LockView lock, String tokenHash, String attempt) {
        return (String) redis.runTogether(List.of(entry(resource, holding(tokenHash, lock.holder().sessionId()), "list",
                lock.expiresAt().toEpochMilli()), holdings.hold(lock, attempt, ""))).get(1);
    }

    /**
     * lock-index.lua after the acquire's lock script in one batch (off a Cluster, {@code lock} the lock's
     * keys): lists the lock at its expiry if the acquire granted it to {@code tokenHash}; answers the score, or 0.
     */
    RedisStore.Call listAcquired(ResourceRef resource, String tokenHash, String sessionId, List<Object> lock) {
        List<Object> keys = new ArrayList<>(indexKeys(shardOf(resource)));
        keys.add(lock.get(0));
        return new RedisStore.Call(Script.LOCK_INDEX, RScript.ReturnType.LONG, keys, resource.toString(),
                holding(tokenHash, sessionId), "acquired", 0, tokenHash, sessionId);
    }

    /**
     * lock-index.lua beside a heartbeat's lock script: moves the entry to Redis's now plus
     * {@code soonestMillis}, only for the holding of {@code tokenHash} by {@code sessionId}; answers the
     * score, or 0.
     */
    RedisStore.Call beat(ResourceRef resource, String tokenHash, String sessionId, long soonestMillis) {
        return entry(resource, holding(tokenHash, sessionId), "beat", soonestMillis);
    }

    /** lock-index.lua beside a release's lock script: forgets the entry, only for the holding of {@code tokenHash} by {@code sessionId}. */
    RedisStore.Call unlist(ResourceRef resource, String tokenHash, String sessionId) {
        return entry(resource, holding(tokenHash, sessionId), "unlist", 0);
    }

    /**
     * Puts a heartbeat's lock's index and holdings entries at its exact expiry, when the {@link #beat}
     * beside it did not ({@code lower}: even when that is sooner), and brings back a lost one.
     */
    void settle(ResourceRef resource, LockView lock, String tokenHash, boolean lower) {
        redis.runTogether(List.of(entry(resource, holding(tokenHash, lock.holder().sessionId()), lower ? "set" : "list",
                lock.expiresAt().toEpochMilli()), holdings.hold(lock, "", lower ? "set" : "")));
    }

    private RedisStore.Call entry(ResourceRef resource, String holding, String mode, long millis) {
        return new RedisStore.Call(Script.LOCK_INDEX, RScript.ReturnType.LONG, indexKeys(shardOf(resource)),
                resource.toString(), holding, mode, millis);
    }

    /** What the index keeps of a holding: a digest of its token hash and session (43 characters). */
    private static String holding(String tokenHash, String sessionId) {
        return RedisKeys.secretHash(tokenHash + " " + sessionId);
    }

    /**
     * Unlists a lock that was released, dropped or force-released, from the index and its holder's
     * holdings: at once, or with the other deferred steps of {@link RedisStore#pipelined} work.
     */
    void released(LockView lock) {
        String member = LockViews.resource(lock).toString();
        redis.defer(RedisStore.step(holdings.unhold(lock.holder().userId(), lock.holder().sessionId(), List.of(lock))),
                removed -> { });
        redis.defer(RedisStore.step(new RedisStore.Call(Script.LOCK_UNINDEX, RScript.ReturnType.LONG,
                indexKeys(shardOf(LockViews.resource(lock))), member, lock.expiresAt().toEpochMilli())), removed -> { });
    }

    /** Unlists several locks from the index (their sessions' sets are the caller's business). */
    void unindex(List<Entry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        Map<Integer, List<Object>> pairsByShard = new LinkedHashMap<>();
        for (Entry entry : entries) {
            List<Object> pairs = pairsByShard.computeIfAbsent(shardOf(ResourceRef.parse(entry.member())),
                    shard -> new ArrayList<>());
            pairs.add(entry.member());
            pairs.add(entry.expiresAt());
        }
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            pairsByShard.forEach((shard, pairs) -> batches.forKey(keys.locksIndex(shard)).getScript(StringCodec.INSTANCE)
                    .evalAsync(RScript.Mode.READ_WRITE, Script.LOCK_UNINDEX.source(), RScript.ReturnType.LONG,
                            indexKeys(shard), pairs.toArray()));
            return batches.execute();
        });
    }

    /** Forgets up to {@code limit} entries whose lock expired, shared out over every shard; answers how many. */
    int pruneExpired(int limit) {
        return prune(Math.max(1, (limit + SHARDS - 1) / SHARDS)).stream().mapToInt(pruned -> pruned.get(0).intValue())
                .sum();
    }

    /**
     * Reads index entries {@code from}..{@code from + count - 1} (soonest expiry first, over all
     * shards), after pruning up to {@code prune} expired entries (shared out over the shards), with
     * all their locks in one pipelined round trip, and forgets those whose lock is gone.
     */
    Window window(int prune, int from, int count) {
        long indexed = prune(prune == 0 ? 0 : Math.max(1, (prune + SHARDS - 1) / SHARDS)).stream()
                .mapToLong(pruned -> pruned.get(1).longValue()).sum();
        ShardedRange.requireWindow(from, count, indexed);
        if (from >= indexed) {
            return new Window(List.of(), indexed, 0, 0);
        }
        List<Entry> entries = read(ShardedRange.page(SHARDS, ShardedRange.over(redis, keys::locksIndex, false), false, from, count));
        List<Entry> gone = entries.stream().filter(entry -> entry.lock() == null).toList();
        unindex(gone);
        long size = indexed - gone.size();
        return new Window(entries.stream().map(Entry::lock).filter(lock -> lock != null).toList(),
                Math.max(0, size), entries.size(), gone.size());
    }

    /** Runs lock-index-prune.lua on every shard, {@code limit} removals each: {removed, size} per shard. */
    private List<List<Long>> prune(int limit) {
        List<RFuture<List<Long>>> replies = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (int shard = 0; shard < SHARDS; shard++) {
                replies.add(batches.forKey(keys.locksIndex(shard)).getScript(StringCodec.INSTANCE).evalAsync(
                        RScript.Mode.READ_WRITE, Script.LOCK_INDEX_PRUNE.source(), RScript.ReturnType.LIST,
                        indexKeys(shard), limit));
            }
            return batches.execute();
        });
        return replies.stream().map(reply -> reply.toCompletableFuture().join()).toList();
    }

    /** One shard's index and its holders' token hashes (one slot). */
    private List<Object> indexKeys(int shard) {
        return List.of(keys.locksIndex(shard), keys.locksIndexHolders(shard));
    }

    private static int shardOf(ResourceRef resource) {
        return RedisKeys.indexShardOfLock(resource.type(), resource.id());
    }

    /**
     * What one {@link #window} found: the live locks, the index size after pruning, how many
     * entries it examined and how many of those it forgot (the next window starts that much earlier).
     */
    record Window(List<LockView> held, long indexSize, int examined, int forgotten) {
    }

    private List<Entry> read(Collection<ScoredEntry<String>> indexed) {
        if (indexed.isEmpty()) {
            return List.of();
        }
        List<ScoredEntry<String>> list = List.copyOf(indexed);
        List<Map<String, String>> hashes = redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            List<RFuture<Map<String, String>>> reads = new ArrayList<>();
            for (ScoredEntry<String> entry : list) {
                ResourceRef resource = ResourceRef.parse(entry.getValue());
                String lock = (String) keys.lock(resource.type(), resource.id()).get(0);
                reads.add(batches.forKey(lock).<String, String>getMap(lock, StringCodec.INSTANCE).readAllMapAsync());
            }
            batches.execute();
            return reads.stream().map(read -> read.toCompletableFuture().join()).toList();
        });
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            ResourceRef resource = ResourceRef.parse(list.get(i).getValue());
            Map<String, String> fields = hashes.get(i);
            entries.add(new Entry(list.get(i).getValue(), list.get(i).getScore().longValue(),
                    "HELD".equals(fields.get("state")) ? LockStore.view(resource, fields) : null));
        }
        return entries;
    }
}
