package dev.kickout.session;

import dev.kickout.Json;
import dev.kickout.config.KickoutConfig;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.RBatch;
import org.redisson.client.codec.StringCodec;

/** Sessions in Redis: the per-user scripts, the global listing indexes, and record (de)coding. */
@ApplicationScoped
class SessionStore {

    private static final String[] NO_ROLES = new String[0];

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    Json json;
    @Inject
    KickoutConfig config;

    /** What a token lookup found: a live session, or why there is none (and the session if it just expired). */
    record Lookup(Session live, Session expired, TokenRejectedException refusal) {
    }

    /** One round trip: the live session of {@code token}, with its expiry pushed forward. */
    Lookup authenticate(String token, long now) {
        String tag = Tokens.userTagOf(token);
        List<Object> reply = redis.run(Script.AUTHENTICATE,
                List.of(keys.userHash(tag), keys.userIndex(tag), keys.userTombstones(tag),
                        keys.tokenPointer(tag, RedisKeys.secretHash(token))),
                now, ttlMillis());
        return switch ((String) reply.get(0)) {
            case "OK" -> new Lookup(session((String) reply.get(1), (String) reply.get(2)), null, null);
            case "EXPIRED" -> new Lookup(null, session((String) reply.get(1), (String) reply.get(2)),
                    TokenRejectedException.expired());
            case "REVOKED" -> new Lookup(null, null,
                    TokenRejectedException.revoked(json.read((String) reply.get(1), Tombstone.class)));
            default -> new Lookup(null, null, TokenRejectedException.invalid());
        };
    }

    /** A live session by id (no sliding): used where a ticket, not a token, names the session. */
    Lookup byId(String sessionId, long now) {
        String live = "s:" + sessionId;
        String dead = "x:" + sessionId;
        Map<String, String> found = redis.call(client -> client.<String, String>getMap(
                keys.userHash(Tokens.userTagOf(sessionId)), StringCodec.INSTANCE).getAll(Set.of(live, dead)));
        if (found.get(live) != null) {
            Session session = session(sessionId, found.get(live));
            return session.expiresAt().toEpochMilli() > now ? new Lookup(session, null, null)
                    : new Lookup(null, null, TokenRejectedException.expired());
        }
        String tombstone = found.get(dead);
        return new Lookup(null, null, tombstone == null ? TokenRejectedException.invalid()
                : TokenRejectedException.revoked(json.read(tombstone, Tombstone.class)));
    }

    /** Stores a single-use ticket for {@code sessionId}, hashed, for {@code ttlMillis}. */
    void storeTicket(String ticket, String sessionId, long ttlMillis) {
        String key = keys.streamTicket(Tokens.userTagOf(ticket), RedisKeys.secretHash(ticket));
        redis.call(client -> {
            client.<String>getBucket(key, StringCodec.INSTANCE).set(sessionId, Duration.ofMillis(ttlMillis));
            return null;
        });
    }

    /** Takes a ticket (GETDEL: it works once); null if unknown, used or expired. */
    String takeTicket(String ticket) {
        String key = keys.streamTicket(Tokens.userTagOf(ticket), RedisKeys.secretHash(ticket));
        return redis.call(client -> client.<String>getBucket(key, StringCodec.INSTANCE).getAndDelete());
    }

    /** Stores a new session under the login policy; answers the sessions it replaced. */
    List<Session> open(String token, String sessionId, SessionRecord record, Tombstone replacement, long now) {
        String tag = Tokens.userTagOf(sessionId);
        List<Object> reply = redis.run(Script.LOGIN,
                List.of(keys.userHash(tag), keys.userIndex(tag), keys.userTombstones(tag),
                        keys.tokenPointer(tag, RedisKeys.secretHash(token))),
                now, sessionId, json.write(record), config.loginPolicy().name(), record.deviceType(),
                config.loginMaxSessions(), config.loginWhenFull().name(), json.write(replacement), ttlMillis(),
                json.write(new UserRecord(record.userId(), record.username())));
        if ("LIMIT".equals(reply.get(0))) {
            throw new SessionLimitException(config.loginMaxSessions());
        }
        List<Session> replaced = sessions(reply.subList(1, reply.size()));
        index(List.of(session(sessionId, record)), sessionIds(replaced));
        return replaced;
    }

    /**
     * Revokes live sessions of the user with {@code userTag}: one ({@code sessionId}), or all, or
     * all of one {@code deviceType}, sparing {@code spareSessionId}. Answers those revoked.
     */
    List<Session> revoke(String userTag, Tombstone tombstone, String sessionId, String deviceType,
                         String spareSessionId, long now) {
        List<Object> reply = redis.run(Script.REVOKE,
                List.of(keys.userHash(userTag), keys.userIndex(userTag), keys.userTombstones(userTag)),
                now, json.write(tombstone), ttlMillis(), orEmpty(sessionId), orEmpty(deviceType),
                orEmpty(spareSessionId));
        List<Session> revoked = sessions(reply);
        index(List.of(), sessionIds(revoked));
        return revoked;
    }

    /** Tidies one user and answers their name (null if unknown) and live sessions, oldest first. */
    UserSessions user(String userTag, long now) {
        List<Object> reply = redis.run(Script.PRUNE_USER,
                List.of(keys.userHash(userTag), keys.userIndex(userTag), keys.userTombstones(userTag)), now, ttlMillis());
        String user = (String) reply.get(0);
        return new UserSessions(user.isEmpty() ? null : json.read(user, UserRecord.class),
                sessions(reply.subList(1, reply.size())));
    }

    /**
     * Re-checks index entries whose recorded expiry has passed (sliding expiry moves on without
     * touching the global indexes): live ones get their real expiry, dead ones leave. At most
     * {@code limit} entries per index per call.
     */
    void tidyIndexes(long now, int limit) {
        Collection<String> staleSessions = redis.call(client -> client
                .<String>getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE)
                .valueRange(Double.NEGATIVE_INFINITY, true, now, true, 0, limit));
        Collection<String> staleUsers = redis.call(client -> client
                .<String>getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE)
                .valueRange(Double.NEGATIVE_INFINITY, true, now, true, 0, limit));
        Set<String> tags = new LinkedHashSet<>(staleUsers);
        staleSessions.forEach(sessionId -> tags.add(Tokens.userTagOf(sessionId)));
        for (String tag : tags) {
            List<Session> live = user(tag, now).sessions();
            Set<String> liveIds = new HashSet<>(sessionIds(live));
            List<String> dead = staleSessions.stream()
                    .filter(id -> id.startsWith(tag) && !liveIds.contains(id)).toList();
            reindexUser(tag, live, dead);
        }
    }

    /** Index ids from position {@code offset} on, most recently active first. */
    List<String> indexPage(boolean users, int offset, int limit) {
        String key = users ? keys.usersIndex() : keys.sessionsIndex();
        return List.copyOf(redis.call(client -> client.<String>getScoredSortedSet(key, StringCodec.INSTANCE)
                .valueRangeReversed(offset, limit < 0 ? -1 : offset + limit - 1)));
    }

    long indexSize(boolean users) {
        String key = users ? keys.usersIndex() : keys.sessionsIndex();
        return redis.call(client -> client.getScoredSortedSet(key, StringCodec.INSTANCE).size());
    }

    /** The live sessions among {@code sessionIds}, in that order, in one round trip. */
    List<Session> find(List<String> sessionIds) {
        if (sessionIds.isEmpty()) {
            return List.of();
        }
        List<?> records = redis.call(client -> {
            RBatch batch = client.createBatch();
            for (String sessionId : sessionIds) {
                batch.<String, String>getMap(keys.userHash(Tokens.userTagOf(sessionId)), StringCodec.INSTANCE)
                        .getAsync("s:" + sessionId);
            }
            return batch.execute().getResponses();
        });
        List<Session> found = new ArrayList<>();
        for (int i = 0; i < sessionIds.size(); i++) {
            if (records.get(i) != null) {
                found.add(session(sessionIds.get(i), (String) records.get(i)));
            }
        }
        return found;
    }

    Session session(String sessionId, String recordJson) {
        SessionRecord record = json.read(recordJson, SessionRecord.class);
        return session(sessionId, record);
    }

    Session session(String sessionId, SessionRecord record) {
        String[] roles = json.read(record.roles(), String[].class);
        return record.toSession(sessionId, Set.of(roles));
    }

    List<Session> sessions(List<Object> idRecordPairs) {
        List<Session> sessions = new ArrayList<>();
        for (int i = 0; i + 1 < idRecordPairs.size(); i += 2) {
            sessions.add(session((String) idRecordPairs.get(i), (String) idRecordPairs.get(i + 1)));
        }
        return sessions;
    }

    String rolesJson(Set<String> roles) {
        return json.write(roles.toArray(NO_ROLES));
    }

    long ttlMillis() {
        return config.sessionTtl().toMillis();
    }

    /** Keeps the admin listing indexes in step; they are pruned again whenever they are read. */
    private void index(Collection<Session> added, Collection<String> removedIds) {
        if (added.isEmpty() && removedIds.isEmpty()) {
            return;
        }
        redis.call(client -> {
            RBatch batch = client.createBatch();
            for (Session session : added) {
                long score = session.expiresAt().toEpochMilli();
                batch.getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE).addAsync(score, session.sessionId());
                batch.getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE)
                        .addAsync(score, Tokens.userTagOf(session.sessionId()));
            }
            if (!removedIds.isEmpty()) {
                batch.getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE).removeAllAsync(removedIds);
            }
            return batch.execute();
        });
    }

    private void reindexUser(String tag, List<Session> live, List<String> deadSessionIds) {
        redis.call(client -> {
            RBatch batch = client.createBatch();
            var sessionsIndex = batch.<String>getScoredSortedSet(keys.sessionsIndex(), StringCodec.INSTANCE);
            var usersIndex = batch.<String>getScoredSortedSet(keys.usersIndex(), StringCodec.INSTANCE);
            live.forEach(session -> sessionsIndex.addAsync(session.expiresAt().toEpochMilli(), session.sessionId()));
            if (!deadSessionIds.isEmpty()) {
                sessionsIndex.removeAllAsync(deadSessionIds);
            }
            live.stream().mapToLong(session -> session.expiresAt().toEpochMilli()).max()
                    .ifPresentOrElse(latest -> usersIndex.addAsync(latest, tag), () -> usersIndex.removeAsync(tag));
            return batch.execute();
        });
    }

    private static List<String> sessionIds(List<Session> sessions) {
        return sessions.stream().map(Session::sessionId).toList();
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    /** Storage format (public only for JSON-B): the user's name as kept in the hash for admin listings. */
    public record UserRecord(String userId, String username) {
    }

    /** A user's name (null if never seen) and live sessions. */
    record UserSessions(UserRecord user, List<Session> sessions) {
    }
}
