package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.RedisStore.Call;
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
 * a holding (lock-hold.lua) or is dropped (lock-unhold.lua). Off a Cluster the three go in one
 * batch: the lock script takes the lock only with the place claimed, and the holding follows the lock.
 */
@ApplicationScoped
class LockHoldings {

    /**
     * How much sooner than the lock a heartbeat's holding ends: the lock's and the holdings' masters
     * read their own clocks, and a release forgets only a holding no newer than its lock.
     */
    static final long CLOCK_MARGIN_MILLIS = 250;

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
        Call claim = claimCall(resource, userId, sessionId, attempt);
        return claimed(resource, attempt, redis.run(claim.script(), claim.keys(), claim.args()));
    }

    /** lock-claim.lua for {@link #claim}, to go in one batch with the acquire (off a Cluster). */
    Call claimCall(ResourceRef resource, String userId, String sessionId, String attempt) {
        return new Call(Script.LOCK_CLAIM, RScript.ReturnType.LIST, holdings(userId, sessionId), sessionId,
                resource.toString(), attempt, config.lock().ttl().toMillis(), config.lock().maxPerSession(),
                config.lock().maxPerUser());
    }

    /** What {@link #claim} answers for lock-claim.lua's {@code reply}. */
    String claimed(ResourceRef resource, String attempt, List<Object> reply) {
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

    /** lock-hold.lua for a granted or renewed lock, or a heartbeat's exact expiry ({@code mode} "set", else ""). */
    Call hold(LockView lock, String attempt, String mode) {
        return new Call(Script.LOCK_HOLD, RScript.ReturnType.VALUE, holdings(lock.holder().userId(),
                lock.holder().sessionId()), lock.holder().sessionId(), LockViews.resource(lock).toString(), attempt,
                lock.expiresAt().toEpochMilli(), config.lock().maxPerSession(), config.lock().maxPerUser(), mode, 0);
    }

    /**
     * lock-hold.lua after the acquire's lock script in one batch (off a Cluster, {@code lock} the lock's
     * keys): the claim {@code attempt} becomes a holding until the lock's expiry if the acquire granted the
     * lock to {@code tokenHash}, else it is dropped (answered NOT_GRANTED).
     */
    Call holdAcquired(ResourceRef resource, String userId, String sessionId, String attempt, String tokenHash,
                      List<Object> lock) {
        List<Object> keys = new ArrayList<>(holdings(userId, sessionId));
        keys.add(lock.get(0));
        return new Call(Script.LOCK_HOLD, RScript.ReturnType.VALUE, keys, sessionId, resource.toString(), attempt, 0,
                config.lock().maxPerSession(), config.lock().maxPerUser(), "acquired", 0, tokenHash);
    }

    /**
     * lock-hold.lua beside a heartbeat's lock script, which may yet refuse it: the holding until Redis's
     * now plus {@code soonestMillis}, less {@link #CLOCK_MARGIN_MILLIS}.
     */
    Call beat(ResourceRef resource, String userId, String sessionId, long soonestMillis) {
        return new Call(Script.LOCK_HOLD, RScript.ReturnType.VALUE, holdings(userId, sessionId), sessionId,
                resource.toString(), "", soonestMillis, config.lock().maxPerSession(), config.lock().maxPerUser(), "beat",
                CLOCK_MARGIN_MILLIS);
    }

    /** Whether lock-hold.lua's answer lists the holding (LISTED or ADDED), rather than naming a full cap. */
    static boolean listed(String answer) {
        return answer.equals("LISTED") || answer.equals("ADDED");
    }

    /**
     * lock-unhold.lua for the session's holding of {@code resource}, whatever its time: beside a release's
     * lock script, or after a refused heartbeat whose {@link #beat} added it (answered ADDED).
     */
    Call forget(ResourceRef resource, String sessionId) {
        return new Call(Script.LOCK_UNHOLD, RScript.ReturnType.LONG,
                keys.lockHoldings(sessionId.substring(0, RedisKeys.USER_TAG_LENGTH), sessionId), sessionId, "",
                resource.toString(), Long.MAX_VALUE);
    }

    /** lock-unhold.lua for locks of one session that ended (at least one). */
    RedisStore.Call unhold(String userId, String sessionId, List<LockView> locks) {
        List<Object> args = new ArrayList<>(List.of(sessionId, ""));
        for (LockView lock : locks) {
            args.add(LockViews.resource(lock).toString());
            args.add(lock.expiresAt().toEpochMilli());
        }
        return new RedisStore.Call(Script.LOCK_UNHOLD, RScript.ReturnType.LONG, holdings(userId, sessionId), args.toArray());
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

    /** The key of the session's holdings (in its user's slot). */
    String key(String userId, String sessionId) {
        return (String) holdings(userId, sessionId).get(0);
    }

    private List<Object> holdings(String userId, String sessionId) {
        return keys.lockHoldings(RedisKeys.userTag(userId), sessionId);
    }
}
