package dev.kickout.internal.session;

import dev.kickout.internal.redis.RedisClock;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.ShardedRange;
import dev.kickout.internal.redis.SlotBatches;
import dev.kickout.internal.session.SessionDirectory.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.IntFunction;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * The admin listing index: one entry per user with live sessions, not one per session. Each of the
 * {@link RedisKeys#INDEX_SHARDS} shards (spread over the slot space, a user in the shard of its tag)
 * holds the users by the last known expiry of their latest session, and each user's session
 * counts by device type with their sums ({@code index-user.lua}), so that every listing has an
 * exact total: users online, sessions, sessions of one device type. Session listings walk the
 * users in order and expand them ({@link SessionStore#users}).
 *
 * <p>A user's entry is rewritten from the user's own data after each login and end ({@link #refresh});
 * sliding expiry moves on without touching it, and entries whose expiry has passed (by Redis's
 * clock) are refreshed by {@link #tidy}, a bounded number per call.
 */
@ApplicationScoped
class SessionIndexes {

    private static final int SHARDS = RedisKeys.INDEX_SHARDS;
    /** Users read per round trip while a session listing walks the index. */
    private static final int WALK_BATCH = 64;

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    SessionStore store;
    @Inject
    RedisClock clock;

    /** The users (by tag) and how many of their sessions a session listing skips: its page. */
    record Walk(long total, List<Slice> slices) {
    }

    /** One user of a session page: skip that many of its sessions (in listing order) before taking any. */
    record Slice(String userTag, int skip) {
    }

    /** Rewrites the entries of these users from their live sessions now. */
    void refresh(Collection<String> userTags) {
        write(store.summaries(List.copyOf(new LinkedHashSet<>(userTags))));
    }

    /** Writes these summaries (as a login or revocation script answered them) into the users' entries. */
    void write(List<SessionStore.Summary> summaries) {
        write(summaries, List.of());
    }

    /** Writes one user's summary at once, or with the other deferred steps of {@link RedisStore#pipelined} work. */
    void defer(SessionStore.Summary summary) {
        redis.defer(RedisStore.step(write(summary)), written -> { });
    }

    /** {@link #write(List)}, in one round trip with other writes that wait on nothing ({@code alongside}). */
    void write(List<SessionStore.Summary> summaries, List<RedisStore.Call> alongside) {
        List<RedisStore.Call> calls = new ArrayList<>(alongside);
        summaries.forEach(user -> calls.add(write(user)));
        redis.runTogether(calls);
    }

    /**
     * The keys of a user's entry, for a script of the user's own slot to write the entry itself
     * ({@code index-lib.lua}); none on a Cluster, where the entry's shard lies in another slot.
     */
    List<Object> entryKeysForScripts(String userTag) {
        if (redis.clustered()) {
            return List.of();
        }
        int shard = RedisKeys.indexShardOfUser(userTag);
        return List.of(keys.usersIndex(shard), keys.userCounts(shard));
    }

    /** index-user.lua for one user's summary. */
    private RedisStore.Call write(SessionStore.Summary user) {
        int shard = RedisKeys.indexShardOfUser(user.userTag());
        return new RedisStore.Call(Script.INDEX_USER, RScript.ReturnType.LONG,
                List.of(keys.usersIndex(shard), keys.userCounts(shard)), user.userTag(), user.version(),
                user.latestExpiry(), user.counts());
    }

    /** Sessions in the index (all of them, or of one device type): one HGET per shard, in one batch. */
    long sessionCount(String deviceType) {
        String field = deviceType == null ? "#" : "#" + deviceType;
        List<RFuture<String>> counts = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (int shard = 0; shard < SHARDS; shard++) {
                String shardCounts = keys.userCounts(shard);
                counts.add(batches.forKey(shardCounts).<String, String>getMap(shardCounts, StringCodec.INSTANCE).getAsync(field));
            }
            return batches.execute();
        });
        return counts.stream().map(count -> count.toCompletableFuture().join())
                .mapToLong(count -> count == null ? 0 : Long.parseLong(count)).sum();
    }

    /** One page of user tags, most recently active first, and the total. */
    Page<String> userTags(int offset, int limit) {
        long total = total(keys::usersIndex);
        ShardedRange.requireWindow(offset, limit, total);
        if (offset >= total) {
            return new Page<>(total, List.of());
        }
        List<ScoredEntry<String>> entries = ShardedRange.page(SHARDS, ShardedRange.over(redis, keys::usersIndex, true),
                true, offset, limit);
        return new Page<>(total, entries.stream().map(ScoredEntry::getValue).toList());
    }

    /**
     * Which users hold sessions {@code offset} .. {@code offset + limit - 1} of the session listing
     * (all, or of one device type): users most recently active first, each user's sessions together.
     * Walks the users index in order, reading their counts {@link #WALK_BATCH} users per round trip,
     * until the page is covered: at most {@code offset + limit} users without a device type; with
     * one, users without a session of that type are walked past too.
     */
    Walk sessions(String deviceType, int offset, int limit) {
        long total = sessionCount(deviceType);
        ShardedRange.requireWindow(offset, limit, total);
        List<Slice> slices = new ArrayList<>();
        if (offset >= total) {
            return new Walk(total, slices);
        }
        Iterator<ScoredEntry<String>> users = ShardedRange.merged(SHARDS, ShardedRange.over(redis, keys::usersIndex, true),
                true, WALK_BATCH);
        long skip = offset;
        long needed = limit;
        while (needed > 0 && users.hasNext()) {
            List<String> batch = new ArrayList<>();
            while (batch.size() < WALK_BATCH && users.hasNext()) {
                batch.add(users.next().getValue());
            }
            List<String> counts = countsOf(batch);
            for (int i = 0; i < batch.size() && needed > 0; i++) {
                int sessions = sessionsIn(counts.get(i), deviceType);
                if (skip >= sessions) {
                    skip -= sessions;
                    continue;
                }
                slices.add(new Slice(batch.get(i), (int) skip));
                needed -= sessions - skip;
                skip = 0;
            }
        }
        return new Walk(total, slices);
    }

    /** The count entries of these users ("version type=count ..." or null), each read in its shard, in one batch. */
    private List<String> countsOf(List<String> tags) {
        List<RFuture<String>> reads = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            tags.forEach(tag -> {
                String shardCounts = keys.userCounts(RedisKeys.indexShardOfUser(tag));
                reads.add(batches.forKey(shardCounts).<String, String>getMap(shardCounts, StringCodec.INSTANCE).getAsync(tag));
            });
            return batches.execute();
        });
        return reads.stream().map(read -> read.toCompletableFuture().join()).toList();
    }

    /** Sessions of a count entry, all or of one device type. */
    private static int sessionsIn(String entry, String deviceType) {
        if (entry == null) {
            return 0;
        }
        int sessions = 0;
        for (String part : entry.split(" ")) {
            int equals = part.indexOf('=');
            if (equals > 0 && (deviceType == null || deviceType.equals(part.substring(0, equals)))) {
                sessions += Integer.parseInt(part.substring(equals + 1));
            }
        }
        return sessions;
    }

    /**
     * Refreshes up to {@code limit} users (shared out over the shards, every shard visited) whose
     * entry's expiry has passed: users still live get their real expiry and counts, the others leave
     * the index. A newer entry written meanwhile (a login) wins, by version.
     */
    void tidy(int limit) {
        long now = clock.millis(keys.usersIndex(0));
        int perShard = Math.max(1, (limit + SHARDS - 1) / SHARDS);
        List<RFuture<Collection<String>>> reads = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (int shard = 0; shard < SHARDS; shard++) {
                String users = keys.usersIndex(shard);
                reads.add(batches.forKey(users).<String>getScoredSortedSet(users, StringCodec.INSTANCE)
                        .valueRangeAsync(Double.NEGATIVE_INFINITY, true, now, true, 0, perShard));
            }
            return batches.execute();
        });
        List<String> due = new ArrayList<>();
        reads.forEach(read -> due.addAll(read.toCompletableFuture().join()));
        refresh(due);
    }

    /** The sum of the sizes of one sorted set over all shards. */
    private long total(IntFunction<String> key) {
        List<RFuture<Integer>> sizes = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (int shard = 0; shard < SHARDS; shard++) {
                String set = key.apply(shard);
                sizes.add(batches.forKey(set).getScoredSortedSet(set, StringCodec.INSTANCE).sizeAsync());
            }
            return batches.execute();
        });
        return sizes.stream().mapToLong(size -> size.toCompletableFuture().join()).sum();
    }
}
