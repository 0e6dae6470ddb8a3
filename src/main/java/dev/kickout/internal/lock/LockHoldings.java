package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * The locks each session and each user holds, counted against {@code kickout.lock.max-per-session} and
 * {@code kickout.lock.max-per-user}. The lock and its holder's counts sit in different Redis Cluster
 * slots, so an acquire first claims a place (lock-claim.lua: count and claim in one step, never more
 * than the cap however many acquires run at once), then the lock script runs, then the claim becomes
 * a holding (lock-hold.lua) or is dropped (lock-unhold.lua).
 */
@ApplicationScoped
class LockHoldings {

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;

    /**
     * Claims a place for {@code resource} among the session's locks.
     *
     * @return the claim's attempt id, or {@code ""} when the session already holds the resource (no place needed)
     * @throws LockLimitException the session or its user is at its cap
     */
    String claim(ResourceRef resource, String userId, String sessionId, String attempt) {
        List<Object> reply = redis.run(Script.LOCK_CLAIM, holdings(userId, sessionId), sessionId, resource.toString(),
                attempt, config.lock().ttl().toMillis(), config.lock().maxPerSession(), config.lock().maxPerUser());
        return switch ((String) reply.get(0)) {
            case "CLAIMED" -> attempt;
            case "KEPT" -> "";
            default -> throw limit(resource, (String) reply.get(1));
        };
    }

    /** Drops a claim whose lock was not granted. */
    void unclaim(ResourceRef resource, String userId, String sessionId, String attempt) {
        if (!attempt.isEmpty()) {
            redis.<Long>eval(Script.LOCK_UNHOLD, RScript.ReturnType.LONG, holdings(userId, sessionId), sessionId, attempt,
                    resource.toString(), 0);
        }
    }

    /** Adds lock-hold.lua for a granted or renewed lock to {@code batch}; its reply is LISTED, SESSION or USER. */
    RFuture<String> hold(RBatch batch, LockView lock, String attempt) {
        return batch.getScript(StringCodec.INSTANCE).evalAsync(RScript.Mode.READ_WRITE, Script.LOCK_HOLD.source(),
                RScript.ReturnType.VALUE, holdings(lock.holder().userId(), lock.holder().sessionId()),
                lock.holder().sessionId(), LockViews.resource(lock).toString(), attempt, lock.expiresAt().toEpochMilli(),
                config.lock().maxPerSession(), config.lock().maxPerUser());
    }

    /** Adds lock-unhold.lua for locks of one session that ended to {@code batch}. */
    void unhold(RBatch batch, String userId, String sessionId, List<LockView> locks) {
        if (locks.isEmpty()) {
            return;
        }
        List<Object> args = new ArrayList<>(List.of(sessionId, ""));
        for (LockView lock : locks) {
            args.add(LockViews.resource(lock).toString());
            args.add(lock.expiresAt().toEpochMilli());
        }
        batch.getScript(StringCodec.INSTANCE).evalAsync(RScript.Mode.READ_WRITE, Script.LOCK_UNHOLD.source(),
                RScript.ReturnType.LONG, holdings(userId, sessionId), args.toArray());
    }

    /** The resources the session holds (claims in flight left out). */
    List<String> heldBy(String userId, String sessionId) {
        return held(redis.call(client -> client.<String>getScoredSortedSet((String) holdings(userId, sessionId).get(0),
                StringCodec.INSTANCE).readAll()));
    }

    /** Adds the read of the session's holdings to {@code batch}; {@link #held} reads its answer. */
    RFuture<Collection<String>> heldBy(RBatch batch, String userId, String sessionId) {
        return batch.<String>getScoredSortedSet((String) holdings(userId, sessionId).get(0), StringCodec.INSTANCE)
                .readAllAsync();
    }

    /** The resources among a session's holdings entries (claims in flight left out). */
    static List<String> held(Collection<String> entries) {
        return entries.stream().filter(member -> member.indexOf('#') < 0).toList();
    }

    LockLimitException limit(ResourceRef resource, String scope) {
        return new LockLimitException(resource, scope,
                scope.equals("USER") ? config.lock().maxPerUser() : config.lock().maxPerSession());
    }

    private List<Object> holdings(String userId, String sessionId) {
        return keys.lockHoldings(RedisKeys.userTag(userId), sessionId);
    }
}
