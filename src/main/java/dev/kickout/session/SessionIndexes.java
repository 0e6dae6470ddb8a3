package dev.kickout.session;

import dev.kickout.redis.RedisClock;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.redis.Script;
import dev.kickout.session.SessionDirectory.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RScoredSortedSetAsync;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * The admin listing indexes, all in the {@code {idx}} slot and scored by last known expiry: every
 * session, every user, and the sessions of each device type (with a sessionId → device type hash
 * so that a dead session leaves its device type index too). Written as sessions open and end;
 * entries whose score has passed (by Redis's clock) are re-checked against the users' own data by
 * {@link #tidy}, a bounded number per call, so every listing reads one page and does bounded work.
 */
@ApplicationScoped
class SessionIndexes {

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
            opened.forEach(session -> add(batch, session).getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE)
                    .addAsync(session.expiresAt().toEpochMilli(), Tokens.userTagOf(session.sessionId())));
            ended.forEach(session -> remove(batch, session.sessionId(), session.deviceType()));
            return batch.execute();
        });
    }

    /** One page of session ids, all or of one device type, most recently active first, and the total. */
    Page<String> sessionIds(String deviceType, int offset, int limit) {
        return page(deviceType == null ? keys.sessionsIndex() : keys.deviceTypeIndex(deviceType), offset, limit);
    }

    /** One page of user tags, most recently active first, and the total. */
    Page<String> userTags(int offset, int limit) {
        return page(keys.usersIndex(), offset, limit);
    }

    /**
     * Re-checks up to {@code limit} entries of the sessions and of the users index whose recorded
     * expiry has passed (sliding expiry moves on without touching the indexes): live sessions get
     * their real expiry, dead ones leave every index. A user leaves the users index only if its
     * entry still has the score read here, so a login that re-added the user meanwhile wins.
     */
    void tidy(int limit) {
        long now = clock.millis(keys.usersIndex());
        Collection<String> staleSessions = redis.call(client -> client
                .<String>getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE)
                .valueRange(Double.NEGATIVE_INFINITY, true, now, true, 0, limit));
        Collection<ScoredEntry<String>> staleUsers = redis.call(client -> client
                .<String>getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE)
                .entryRange(Double.NEGATIVE_INFINITY, true, now, true, 0, limit));
        Map<String, Double> readScores = new LinkedHashMap<>();
        staleUsers.forEach(entry -> readScores.put(entry.getValue(), entry.getScore()));
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
        Map<String, String> deadTypes = dead.isEmpty() ? Map.of() : redis.call(client -> client
                .<String, String>getMap(keys.sessionDeviceTypes(), StringCodec.INSTANCE).getAll(Set.copyOf(dead)));
        if (!live.isEmpty() || !dead.isEmpty()) {
            redis.call(client -> {
                RBatch batch = client.createBatch();
                live.forEach(session -> add(batch, session));
                liveUsers.forEach((tag, latest) -> batch.getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE)
                        .addAsync(latest, tag));
                dead.forEach(sessionId -> remove(batch, sessionId, deadTypes.get(sessionId)));
                return batch.execute();
            });
        }
        emptyUsers.forEach(this::forgetUser);
    }

    /** Removes a user from the users index unless its entry changed since {@code readScore} was read. */
    boolean forgetUser(String userTag, double readScore) {
        List<Object> reply = redis.run(Script.INDEX_FORGET_USER, List.of(keys.usersIndex()), userTag,
                Long.toString((long) readScore));
        return ((Long) reply.get(0)) == 1L;
    }

    private Page<String> page(String key, int offset, int limit) {
        BatchResult<?> result = redis.call(client -> {
            RBatch batch = client.createBatch();
            RScoredSortedSetAsync<String> index = batch.getScoredSortedSet(key, StringCodec.INSTANCE);
            index.sizeAsync();
            index.valueRangeReversedAsync(offset, offset + limit - 1);
            return batch.execute();
        });
        @SuppressWarnings("unchecked")
        Collection<String> ids = (Collection<String>) result.getResponses().get(1);
        return new Page<>(((Number) result.getResponses().get(0)).longValue(), List.copyOf(ids));
    }

    private RBatch add(RBatch batch, Session session) {
        long score = session.expiresAt().toEpochMilli();
        batch.getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE).addAsync(score, session.sessionId());
        batch.getScoredSortedSet(keys.deviceTypeIndex(session.deviceType()), StringCodec.INSTANCE)
                .addAsync(score, session.sessionId());
        batch.getMap(keys.sessionDeviceTypes(), StringCodec.INSTANCE).fastPutAsync(session.sessionId(),
                session.deviceType());
        return batch;
    }

    private void remove(RBatch batch, String sessionId, String deviceType) {
        batch.getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE).removeAsync(sessionId);
        if (deviceType != null) {
            batch.getScoredSortedSet(keys.deviceTypeIndex(deviceType), StringCodec.INSTANCE).removeAsync(sessionId);
        }
        batch.getMap(keys.sessionDeviceTypes(), StringCodec.INSTANCE).fastRemoveAsync(sessionId);
    }
}
