package dev.kickout.session;

import dev.kickout.redis.RedisClock;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.redis.Script;
import dev.kickout.redis.ShardedRange;
import dev.kickout.session.SessionDirectory.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * The admin listing indexes, scored by last known expiry: every session, every user, and the
 * sessions of each device type (with a sessionId → device type hash so that a dead session leaves
 * its device type index too). Each is split into {@link RedisKeys#INDEX_SHARDS} shards spread over
 * the slot space; a session and its user go to the shard of the user's tag, so no slot is hot and
 * one user's entries are always together. Listings merge the shards ({@link ShardedRange}).
 * Written as sessions open and end; entries whose score has passed (by Redis's clock) are
 * re-checked against the users' own data by {@link #tidy}, a bounded number per call, so every
 * listing does bounded work.
 */
@ApplicationScoped
class SessionIndexes {

    private static final int SHARDS = RedisKeys.INDEX_SHARDS;

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    SessionStore store;
    @Inject
    RedisClock clock;

    /** Keeps the indexes in step with sessions just opened and just ended. */
    void update(Collection<Session> opened, Collection<Session> ended) {
        if (opened.isEmpty() && ended.isEmpty()) {
            return;
        }
        redis.call(client -> {
            RBatch batch = client.createBatch();
            // a new session expires last of its user's, so its expiry is the user's latest
            opened.forEach(session -> {
                String tag = Tokens.userTagOf(session.sessionId());
                add(batch, session).getScoredSortedSet(keys.usersIndex(RedisKeys.indexShardOfUser(tag)),
                        StringCodec.INSTANCE).addAsync(session.expiresAt().toEpochMilli(), tag);
            });
            ended.forEach(session -> remove(batch, session.sessionId(), session.deviceType()));
            return batch.execute();
        });
    }

    /**
     * Sessions in the listing index that expire after {@code nowMillis}: one ZCOUNT per shard (O(log n)
     * each), in one batch; no scan.
     */
    long liveCount(long nowMillis) {
        List<RFuture<Integer>> counts = new ArrayList<>();
        redis.call(client -> {
            RBatch batch = client.createBatch();
            for (int shard = 0; shard < SHARDS; shard++) {
                counts.add(batch.getScoredSortedSet(keys.sessionsIndex(shard), StringCodec.INSTANCE)
                        .countAsync(nowMillis, false, Double.POSITIVE_INFINITY, true));
            }
            return batch.execute();
        });
        return counts.stream().mapToLong(count -> count.toCompletableFuture().join()).sum();
    }

    /** One page of session ids, all or of one device type, most recently active first, and the total. */
    Page<String> sessionIds(String deviceType, int offset, int limit) {
        return page(shard -> deviceType == null ? keys.sessionsIndex(shard) : keys.deviceTypeIndex(shard, deviceType),
                offset, limit);
    }

    /** One page of user tags, most recently active first, and the total. */
    Page<String> userTags(int offset, int limit) {
        return page(keys::usersIndex, offset, limit);
    }

    /**
     * Re-checks up to {@code limit} entries (shared out over the shards, every shard visited) of the
     * sessions and of the users index whose recorded expiry has passed (sliding expiry moves on
     * without touching the indexes): live sessions get their real expiry, dead ones leave every
     * index. A user leaves the users index only if its entry still has the score read here, so a
     * login that re-added the user meanwhile wins.
     */
    void tidy(int limit) {
        long now = clock.millis(keys.usersIndex(0));
        int perShard = Math.max(1, (limit + SHARDS - 1) / SHARDS);
        List<RFuture<Collection<String>>> sessionReads = new ArrayList<>();
        List<RFuture<Collection<ScoredEntry<String>>>> userReads = new ArrayList<>();
        redis.call(client -> {
            RBatch batch = client.createBatch();
            for (int shard = 0; shard < SHARDS; shard++) {
                sessionReads.add(batch.<String>getScoredSortedSet(keys.sessionsIndex(shard), StringCodec.INSTANCE)
                        .valueRangeAsync(Double.NEGATIVE_INFINITY, true, now, true, 0, perShard));
                userReads.add(batch.<String>getScoredSortedSet(keys.usersIndex(shard), StringCodec.INSTANCE)
                        .entryRangeAsync(Double.NEGATIVE_INFINITY, true, now, true, 0, perShard));
            }
            return batch.execute();
        });
        List<String> staleSessions = new ArrayList<>();
        sessionReads.forEach(read -> staleSessions.addAll(read.toCompletableFuture().join()));
        Map<String, Double> readScores = new LinkedHashMap<>();
        userReads.forEach(read -> read.toCompletableFuture().join()
                .forEach(entry -> readScores.put(entry.getValue(), entry.getScore())));
        Set<String> tags = new LinkedHashSet<>(readScores.keySet());
        staleSessions.forEach(sessionId -> tags.add(Tokens.userTagOf(sessionId)));

        List<Session> live = new ArrayList<>();
        List<String> dead = new ArrayList<>();
        Map<String, Long> liveUsers = new LinkedHashMap<>();
        Map<String, Double> emptyUsers = new LinkedHashMap<>();
        for (String tag : tags) {
            List<Session> sessions = store.user(tag).sessions();
            live.addAll(sessions);
            Set<String> liveIds = new HashSet<>(sessions.stream().map(Session::sessionId).toList());
            staleSessions.stream().filter(id -> id.startsWith(tag) && !liveIds.contains(id)).forEach(dead::add);
            sessions.stream().mapToLong(session -> session.expiresAt().toEpochMilli()).max().ifPresentOrElse(
                    latest -> liveUsers.put(tag, latest), () -> {
                        if (readScores.containsKey(tag)) {
                            emptyUsers.put(tag, readScores.get(tag));
                        }
                    });
        }
        Map<String, String> deadTypes = deviceTypes(dead);
        if (!live.isEmpty() || !dead.isEmpty()) {
            redis.call(client -> {
                RBatch batch = client.createBatch();
                live.forEach(session -> add(batch, session));
                liveUsers.forEach((tag, latest) -> batch.getScoredSortedSet(
                        keys.usersIndex(RedisKeys.indexShardOfUser(tag)), StringCodec.INSTANCE).addAsync(latest, tag));
                dead.forEach(sessionId -> remove(batch, sessionId, deadTypes.get(sessionId)));
                return batch.execute();
            });
        }
        emptyUsers.forEach(this::forgetUser);
    }

    /** Removes a user from the users index unless its entry changed since {@code readScore} was read. */
    boolean forgetUser(String userTag, double readScore) {
        List<Object> reply = redis.run(Script.INDEX_FORGET_USER,
                List.of(keys.usersIndex(RedisKeys.indexShardOfUser(userTag))), userTag, Long.toString((long) readScore));
        return ((Long) reply.get(0)) == 1L;
    }

    /** The recorded device type of each session (absent when none is), each read in its own shard. */
    private Map<String, String> deviceTypes(List<String> sessionIds) {
        if (sessionIds.isEmpty()) {
            return Map.of();
        }
        Map<String, RFuture<String>> reads = new LinkedHashMap<>();
        redis.call(client -> {
            RBatch batch = client.createBatch();
            sessionIds.forEach(id -> reads.put(id, batch.<String, String>getMap(keys.sessionDeviceTypes(shardOf(id)),
                    StringCodec.INSTANCE).getAsync(id)));
            return batch.execute();
        });
        Map<String, String> types = new HashMap<>();
        reads.forEach((id, read) -> {
            String type = read.toCompletableFuture().join();
            if (type != null) {
                types.put(id, type);
            }
        });
        return types;
    }

    /** The total over all shards, then the page merged from them (see {@link ShardedRange} for the bound). */
    private Page<String> page(IntFunction<String> key, int offset, int limit) {
        List<RFuture<Integer>> sizes = new ArrayList<>();
        redis.call(client -> {
            RBatch batch = client.createBatch();
            for (int shard = 0; shard < SHARDS; shard++) {
                sizes.add(batch.getScoredSortedSet(key.apply(shard), StringCodec.INSTANCE).sizeAsync());
            }
            return batch.execute();
        });
        long total = sizes.stream().mapToLong(size -> size.toCompletableFuture().join()).sum();
        ShardedRange.requireWindow(offset, limit, total);
        if (offset >= total) {
            return new Page<>(total, List.of());
        }
        List<ScoredEntry<String>> entries = ShardedRange.page(SHARDS, requests -> read(key, requests), true, offset, limit);
        return new Page<>(total, entries.stream().map(ScoredEntry::getValue).toList());
    }

    private List<List<ScoredEntry<String>>> read(IntFunction<String> key, List<ShardedRange.Request> requests) {
        List<RFuture<Collection<ScoredEntry<String>>>> reads = new ArrayList<>();
        redis.call(client -> {
            RBatch batch = client.createBatch();
            requests.forEach(request -> reads.add(batch.<String>getScoredSortedSet(key.apply(request.shard()),
                    StringCodec.INSTANCE).entryRangeReversedAsync(request.from(), request.from() + request.count() - 1)));
            return batch.execute();
        });
        return reads.stream().map(read -> List.copyOf(read.toCompletableFuture().join())).toList();
    }

    private RBatch add(RBatch batch, Session session) {
        long score = session.expiresAt().toEpochMilli();
        int shard = shardOf(session.sessionId());
        batch.getScoredSortedSet(keys.sessionsIndex(shard), StringCodec.INSTANCE).addAsync(score, session.sessionId());
        batch.getScoredSortedSet(keys.deviceTypeIndex(shard, session.deviceType()), StringCodec.INSTANCE)
                .addAsync(score, session.sessionId());
        batch.getMap(keys.sessionDeviceTypes(shard), StringCodec.INSTANCE).fastPutAsync(session.sessionId(),
                session.deviceType());
        return batch;
    }

    private void remove(RBatch batch, String sessionId, String deviceType) {
        int shard = shardOf(sessionId);
        batch.getScoredSortedSet(keys.sessionsIndex(shard), StringCodec.INSTANCE).removeAsync(sessionId);
        if (deviceType != null) {
            batch.getScoredSortedSet(keys.deviceTypeIndex(shard, deviceType), StringCodec.INSTANCE).removeAsync(sessionId);
        }
        batch.getMap(keys.sessionDeviceTypes(shard), StringCodec.INSTANCE).fastRemoveAsync(sessionId);
    }

    private static int shardOf(String sessionId) {
        return RedisKeys.indexShardOfUser(Tokens.userTagOf(sessionId));
    }
}
