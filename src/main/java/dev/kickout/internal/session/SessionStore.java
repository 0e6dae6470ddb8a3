package dev.kickout.internal.session;

import dev.kickout.internal.Json;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.RedisStore.ScriptCall;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.redisson.api.RBucket;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/** Sessions in Redis: the per-user scripts and record (de)coding (the listing indexes are {@link SessionIndexes}). */
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

    /**
     * What a token lookup found: a live session (with its absolute cap, epoch ms), or why there is none
     * (and the session if it just expired).
     */
    record Lookup(Session live, long capAt, Session expired, TokenRejectedException refusal) {

        static Lookup live(Session session, long capAt) {
            return new Lookup(session, capAt, null, null);
        }

        static Lookup refused(TokenRejectedException refusal) {
            return new Lookup(null, 0, null, refusal);
        }
    }

    /**
     * One round trip: the live session of {@code token}, with its expiry pushed forward. Not durable
     * (no wait for replicas): this is every request's path, and a slide lost in a failover only
     * makes a session expire earlier, never lets a revoked one back in.
     */
    Lookup authenticate(String token) {
        String tag = Tokens.userTagOf(token);
        String tokenHash = RedisKeys.secretHash(token);
        List<Object> reply = redis.run(Script.AUTHENTICATE,
                userKeys(tag),
                ttlMillis(), tokenHash, config.login().maxTombstonesPerUser());
        return switch ((String) reply.get(0)) {
            case "OK" -> {
                SessionRecord record = json.read((String) reply.get(2), SessionRecord.class);
                yield Lookup.live(session((String) reply.get(1), record), record.capAt());
            }
            case "EXPIRED" -> new Lookup(null, 0, session((String) reply.get(1), (String) reply.get(2)),
                    TokenRejectedException.expired());
            case "REVOKED" -> Lookup.refused(
                    TokenRejectedException.revoked(json.read((String) reply.get(1), Tombstone.class)));
            default -> Lookup.refused(TokenRejectedException.invalid());
        };
    }

    /**
     * Writes the sliding expiry of sessions the near cache answered, one script each, pipelined in one
     * round trip; not durable, like {@link #authenticate}.
     */
    void touch(List<NearCache.Touch> touches) {
        redis.runEach(Script.SESSION_TOUCH, RScript.ReturnType.LONG, touches.stream()
                .map(touch -> new ScriptCall(userKeys(touch.userTag()), touch.sessionId(), ttlMillis(), touch.lastHit()))
                .toList());
    }

    /** A session by id (no sliding) from a ticket-redeem.lua reply: live, or why not. */
    private Lookup standing(String sessionId, List<Object> reply) {
        String record = (String) reply.get(2);
        String tombstone = (String) reply.get(3);
        if ("LIVE".equals(reply.get(0))) {
            SessionRecord live = json.read(record, SessionRecord.class);
            return Lookup.live(session(sessionId, live), live.capAt());
        }
        if (!record.isEmpty()) {
            return Lookup.refused(TokenRejectedException.expired());
        }
        return Lookup.refused(tombstone.isEmpty() ? TokenRejectedException.invalid()
                : TokenRejectedException.revoked(json.<Tombstone>read(tombstone, Tombstone.class)));
    }

    /**
     * Stores a single-use ticket for {@code sessionId}, hashed, for {@code ttlMillis}, with the newest id
     * of the session's events now (ticket-issue.lua), which the stream it opens starts from.
     */
    void storeTicket(String ticket, String sessionId, long ttlMillis) {
        redis.<String>eval(Script.TICKET_ISSUE, RScript.ReturnType.VALUE, List.of(keys.streamTicket(Tokens.userTagOf(ticket),
                RedisKeys.secretHash(ticket)), keys.sessionEvents(sessionId)), sessionId, ttlMillis);
    }

    /**
     * Keeps the token of the Kickout session opened for a distributable {@code HttpSession}, sealed
     * ({@link BindingSeal}), until that session's maximum lifetime has passed.
     */
    void keepBinding(String userId, String httpSessionId, String token) {
        String sealed = BindingSeal.seal(httpSessionId, token);
        redis.call(client -> {
            sealedBinding(client, userId, httpSessionId).set(sealed, config.session().sealLifetime());
            return null;
        });
    }

    /** The token {@link #keepBinding} kept for that user's {@code HttpSession}; empty when none, or not its seal. */
    Optional<String> boundToken(String userId, String httpSessionId) {
        String sealed = redis.call(client -> sealedBinding(client, userId, httpSessionId).get());
        return sealed == null ? Optional.empty() : BindingSeal.open(httpSessionId, sealed);
    }

    void forgetBinding(String userId, String httpSessionId) {
        redis.call(client -> sealedBinding(client, userId, httpSessionId).delete());
    }

    private RBucket<String> sealedBinding(RedissonClient client, String userId, String httpSessionId) {
        return client.getBucket(keys.httpSessionBinding(RedisKeys.userTag(userId), BindingSeal.name(httpSessionId)),
                StringCodec.INSTANCE);
    }

    /**
     * Takes a ticket (it works once) and answers the session it names, live or why not, sliding
     * nothing, in one round trip (ticket-redeem.lua); null when the ticket is unknown, used or expired.
     */
    Redeemed redeem(String ticket) {
        String tag = Tokens.userTagOf(ticket);
        List<Object> keyList = new ArrayList<>(userKeys(tag));
        keyList.add(keys.streamTicket(tag, RedisKeys.secretHash(ticket)));
        List<Object> reply = redis.run(Script.TICKET_REDEEM, keyList);
        if ("NONE".equals(reply.get(0))) {
            return null;
        }
        String from = (String) reply.get(5);
        return new Redeemed(standing((String) reply.get(4), reply), from.isEmpty() ? null : from);
    }

    /** A redeemed ticket: where its session stands, and the newest event id when it was issued (null: not known). */
    record Redeemed(Lookup lookup, String newestEventId) {
    }

    /**
     * What a login stored: the new session and the sessions it replaced, with their tombstone, all timed by Redis,
     * and what the listing index keeps of the user now.
     */
    record Opened(Session session, Tombstone replacement, List<Session> replaced, Summary summary) {
    }

    /**
     * Stores a new session under the login policy, the per-user cap and the device type bound;
     * its times (and the replaced sessions' tombstone time) are Redis's, whatever {@code record} says.
     * With {@code indexKeys} (the user's listing entry, {@link SessionIndexes#entryKeysForScripts}) the
     * login writes that entry too; {@code alongside} go to Redis in the same round trip.
     */
    Opened open(String token, String sessionId, SessionRecord record, Tombstone replacement,
                RevocationFollowUps.Args outbox, List<Object> indexKeys, List<RedisStore.Call> alongside) {
        String tag = Tokens.userTagOf(sessionId);
        List<Object> scriptKeys = new ArrayList<>(userKeys(tag));
        scriptKeys.add(keys.userBan(tag));
        scriptKeys.addAll(indexKeys);
        // durable: a login may replace sessions (policy, cap), and those revocations must survive a failover
        List<Object> reply = redis.runDurably(new RedisStore.Call(Script.LOGIN, RScript.ReturnType.LIST,
                withOutboxKeys(scriptKeys, outbox), withOutboxArgs(List.of(
                sessionId, json.write(record), config.login().policy().name(), record.deviceType(),
                config.login().maxSessions(), config.login().whenFull().name(), json.write(replacement), ttlMillis(),
                json.write(new UserRecord(record.userId(), record.username())), RedisKeys.secretHash(token),
                config.login().maxSessionsPerUser(), config.login().maxDeviceTypes(), config.login().maxTombstonesPerUser(),
                config.session().maxLifetime().toMillis(), nearCacheChannel(), NearCacheLink.invalidation(tag), tag),
                outbox)), alongside);
        return switch ((String) reply.get(0)) {
            case "LIMIT" -> throw SessionLimitException.sessions(((Long) reply.get(1)).intValue());
            case "DEVICE_TYPES" -> throw SessionLimitException.deviceTypes(((Long) reply.get(1)).intValue(),
                    record.deviceType());
            case "BANNED" -> throw new AccountSuspendedException(json.<BannedUntil>read((String) reply.get(1), BannedUntil.class).until());
            default -> new Opened(session(sessionId, (String) reply.get(1)),
                    json.read((String) reply.get(2), Tombstone.class), sessions(reply.subList(3, reply.size() - 3)),
                    summary(tag, reply));
        };
    }

    /** The end of the ban a login was refused for (the rest of ban.lua's record is the ban feature's). */
    public record BannedUntil(Instant until) {
    }

    /** What a revocation stored: the tombstone (timed by Redis), the sessions it ended and the user's summary after it. */
    record Revoked(Tombstone tombstone, List<Session> sessions, Summary summary) {
    }

    /**
     * Revokes live sessions of the user with {@code userTag}: one ({@code sessionId}), or all, or
     * all of one {@code deviceType}, sparing {@code spareSessionId}. Answers those revoked.
     */
    Revoked revoke(String userTag, Tombstone tombstone, String sessionId, String deviceType,
                   String spareSessionId, RevocationFollowUps.Args outbox) {
        // durable: a kick or logout confirmed to the caller must still be in force after a failover
        List<Object> reply = redis.runDurably(Script.REVOKE, withOutboxKeys(userKeys(userTag), outbox), withOutboxArgs(List.of(
                json.write(tombstone), ttlMillis(), orEmpty(sessionId), orEmpty(deviceType),
                orEmpty(spareSessionId), config.login().maxTombstonesPerUser(), nearCacheChannel(),
                NearCacheLink.invalidation(userTag)), outbox));
        return new Revoked(json.read((String) reply.get(0), Tombstone.class), sessions(reply.subList(1, reply.size() - 3)),
                summary(userTag, reply));
    }

    /** Tidies one user and answers their name (null if unknown) and live sessions, oldest first. */
    UserSessions user(String userTag) {
        return userSessions(redis.run(Script.PRUNE_USER, userKeys(userTag), ttlMillis(),
                config.login().maxTombstonesPerUser()));
    }

    /** {@link #user} for each of {@code userTags}, in that order, pipelined in one round trip. */
    List<UserSessions> users(List<String> userTags) {
        return tidied(Script.PRUNE_USER, userTags).stream().map(reply -> userSessions((List<?>) reply)).toList();
    }

    /** What the listing index keeps of a user: see user-summary.lua and index-user.lua. */
    record Summary(String userTag, String version, String latestExpiry, String counts) {
    }

    /** Tidies each of these users and answers their {@link Summary}, pipelined in one round trip. */
    List<Summary> summaries(List<String> userTags) {
        List<?> replies = tidied(Script.USER_SUMMARY, userTags);
        List<Summary> summaries = new ArrayList<>();
        for (int i = 0; i < userTags.size(); i++) {
            summaries.add(summary(userTags.get(i), (List<?>) replies.get(i)));
        }
        return summaries;
    }

    /** The summary a script's reply ends with (user-lib.lua's summary: three values). */
    private static Summary summary(String userTag, List<?> reply) {
        int at = reply.size() - 3;
        return new Summary(userTag, (String) reply.get(at), (String) reply.get(at + 1), (String) reply.get(at + 2));
    }

    /** A per-user tidying script (ttl, tombstones per user) run for each user, pipelined; the replies in order. */
    private List<?> tidied(Script script, List<String> userTags) {
        return redis.runEach(script, RScript.ReturnType.LIST, userTags.stream()
                .map(userTag -> new ScriptCall(userKeys(userTag), ttlMillis(), config.login().maxTombstonesPerUser()))
                .toList());
    }

    private UserSessions userSessions(List<?> reply) {
        String user = (String) reply.get(0);
        @SuppressWarnings("unchecked")
        List<Object> pairs = (List<Object>) reply.subList(1, reply.size());
        return new UserSessions(user.isEmpty() ? null : json.read(user, UserRecord.class), sessions(pairs));
    }

    /** Where each session stands (record, tombstone) by Redis's clock, in one round trip, sliding nothing. */
    Map<String, SessionDirectory.Standing> standings(List<String> sessionIds) {
        List<?> found = redis.runEach(Script.SESSION_STANDING, RScript.ReturnType.LIST,
                sessionIds.stream().map(sessionId -> new ScriptCall(userKeys(Tokens.userTagOf(sessionId)), sessionId))
                        .toList());
        Map<String, SessionDirectory.Standing> standings = new HashMap<>();
        for (int i = 0; i < sessionIds.size(); i++) {
            standings.put(sessionIds.get(i), standing((List<?>) found.get(i)));
        }
        return standings;
    }

    /** The call that reads where one session stands (session-standing.lua), to pipeline with other reads. */
    RedisStore.Call standingCall(String sessionId) {
        return new RedisStore.Call(Script.SESSION_STANDING, RScript.ReturnType.LIST, userKeys(Tokens.userTagOf(sessionId)),
                sessionId);
    }

    /** A session-standing.lua reply, read. */
    SessionDirectory.Standing standing(List<?> reply) {
        String record = (String) reply.get(2);
        String tombstone = (String) reply.get(3);
        Instant expiresAt = record.isEmpty() ? null
                : Instant.ofEpochMilli(json.<SessionRecord>read(record, SessionRecord.class).expiresAt());
        return new SessionDirectory.Standing("LIVE".equals(reply.get(0)), expiresAt,
                tombstone.isEmpty() ? null : json.<Tombstone>read(tombstone, Tombstone.class),
                Instant.ofEpochMilli(Long.parseLong((String) reply.get(1))));
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
        return config.session().ttl().toMillis();
    }

    /** The user's record, dead sessions and their index (user-lib.lua). */
    private List<Object> userKeys(String userTag) {
        return List.of(keys.userRecord(userTag), keys.userHash(userTag), keys.userTombstones(userTag));
    }

    /** A script's keys with the outbox shard's appended (the outbox's KEYS come last). */
    private static List<Object> withOutboxKeys(List<Object> scriptKeys, RevocationFollowUps.Args outbox) {
        List<Object> all = new ArrayList<>(scriptKeys);
        all.addAll(outbox.keys());
        return all;
    }

    /** A script's arguments with the outbox's appended (the script reads them as its last four ARGV). */
    private static Object[] withOutboxArgs(List<Object> scriptArgs, RevocationFollowUps.Args outbox) {
        List<Object> all = new ArrayList<>(scriptArgs);
        all.addAll(outbox.argv());
        return all.toArray();
    }

    /** Where the deciding scripts publish their invalidation; empty (nothing published) with the cache off. */
    private String nearCacheChannel() {
        return config.enabled() && config.session().nearCache() ? keys.nearCacheChannel() : "";
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
