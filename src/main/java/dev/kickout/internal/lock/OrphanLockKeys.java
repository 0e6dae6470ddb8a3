package dev.kickout.internal.lock;

import dev.kickout.internal.redis.HashSlots;
import dev.kickout.internal.redis.MasterSlots;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.SlotBatches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * The sweeper's walk over lock keys: one SCAN step per tick from a cursor kept in Redis, so that
 * successive ticks reach every key; a key found without an expiry is bounded (lock-orphan.lua).
 * A SCAN sees one node's keys only, so on a Redis Cluster there is one walk per master, each with
 * its cursor in a slot of that master ({@link MasterSlots}); the tick's budget is shared among them.
 */
@ApplicationScoped
class OrphanLockKeys {

    /** How long a cursor outlives the last sweep; a lost cursor only restarts the walk. */
    private static final Duration CURSOR_LIFE = Duration.ofDays(1);

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    MasterSlots masters;

    /** Examines the next {@code limit} lock keys at most; answers how many it deleted or bounded. */
    int step(int limit, long ttl) {
        List<Integer> slots = masters.onePerMaster();
        int perMaster = Math.max(1, limit / slots.size());
        List<String> found = new ArrayList<>();
        for (int slot : slots) {
            String cursor = slots.size() == 1 ? keys.sweepCursor() : keys.sweepCursor(HashSlots.tag(slot));
            found.addAll(redis.eval(Script.SWEEP_SCAN, RScript.ReturnType.LIST, List.of(cursor),
                    keys.prefix() + ":{lock:*", perMaster, CURSOR_LIFE.toMillis()));
        }
        List<String> examined = found.subList(0, Math.min(limit, found.size()));
        List<String> unbounded = withoutExpiry(examined);
        int fixed = 0;
        for (String key : unbounded) {
            String outcome = redis.eval(Script.LOCK_ORPHAN, RScript.ReturnType.STRING, List.of(key), ttl,
                    key.endsWith(":h") ? "1" : "0");
            fixed += "NONE".equals(outcome) ? 0 : 1;
        }
        return fixed;
    }

    /** The keys among {@code names} that exist without an expiry, in one pipelined round trip. */
    private List<String> withoutExpiry(List<String> names) {
        if (names.isEmpty()) {
            return List.of();
        }
        return redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            List<RFuture<Long>> ttls = new ArrayList<>();
            for (String name : names) {
                ttls.add(batches.forKey(name).getBucket(name, StringCodec.INSTANCE).remainTimeToLiveAsync());
            }
            batches.execute();
            List<String> unbounded = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (ttls.get(i).toCompletableFuture().join() == -1) {
                    unbounded.add(names.get(i));
                }
            }
            return unbounded;
        });
    }
}
