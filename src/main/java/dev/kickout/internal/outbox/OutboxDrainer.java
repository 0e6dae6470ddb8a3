package dev.kickout.internal.outbox;

import dev.kickout.internal.Json;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.HashSlots;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.SlotBatches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.redisson.api.RFuture;
import org.redisson.client.codec.StringCodec;

/**
 * One drain tick: looks at the due indexes of a quarter of the outbox shards (one shard per Redis
 * Cluster slot, so a full pass takes four ticks whatever the number of keys; with no entry anywhere,
 * which is the usual case, that is one EXISTS of 4,096 keys), claims the due entries of the shards
 * that have any, and delivers them. Each instance starts its walk at a random shard.
 */
@ApplicationScoped
class OutboxDrainer {

    /** Shards examined per tick: one pipelined ZCARD each. */
    static final int SHARDS_PER_TICK = HashSlots.COUNT / 4;
    /** Entries claimed per shard and tick at most. */
    static final int CLAIM_LIMIT = 50;

    private static final Logger LOG = Logger.getLogger(OutboxDrainer.class.getName());

    private volatile String[] dueKeys;
    private final AtomicInteger next = new AtomicInteger(ThreadLocalRandom.current().nextInt(HashSlots.COUNT));

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    Json json;
    @Inject
    KickoutConfig config;
    @Inject
    Outbox outbox;
    @Any
    @Inject
    Instance<OutboxDelivery> deliveries;

    /** Drains the next quarter of the shards; answers how many entries it delivered completely. */
    int drainOnce() {
        long start = System.nanoTime();
        int from = next.getAndUpdate(slot -> (slot + SHARDS_PER_TICK) % HashSlots.COUNT);
        List<Integer> pending = pending(from);
        int delivered = 0;
        for (int slot : pending) {
            delivered += drain(keys.outboxShard(slot));
        }
        int done = delivered;
        LOG.fine(() -> LogId.OUTBOX_TICK.message(String.format("outbox tick: shards %d-%d, %d with entries, %d entries"
                + " delivered (%d ms)", from, (from + SHARDS_PER_TICK - 1) % HashSlots.COUNT, pending.size(), done,
                (System.nanoTime() - start) / 1_000_000)));
        return delivered;
    }

    /**
     * The slots among the next {@link #SHARDS_PER_TICK} from {@code from} whose due index is not
     * empty. Usually none: one multi-key EXISTS answers that (Redisson splits it by slot on a
     * Cluster); only when some exist are the shards asked one by one, in one pipeline.
     */
    private List<Integer> pending(int from) {
        String[] due = new String[SHARDS_PER_TICK];
        for (int i = 0; i < SHARDS_PER_TICK; i++) {
            due[i] = dueKey((from + i) % HashSlots.COUNT);
        }
        if (redis.call(client -> client.getKeys().countExists(due)) == 0) {
            return List.of();
        }
        return redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            List<RFuture<Integer>> sizes = new ArrayList<>(SHARDS_PER_TICK);
            for (String key : due) {
                sizes.add(batches.forKey(key).getScoredSortedSet(key, StringCodec.INSTANCE).sizeAsync());
            }
            batches.execute();
            List<Integer> pending = new ArrayList<>();
            for (int i = 0; i < SHARDS_PER_TICK; i++) {
                if (sizes.get(i).toCompletableFuture().join() > 0) {
                    pending.add((from + i) % HashSlots.COUNT);
                }
            }
            return pending;
        });
    }

    private String dueKey(int slot) {
        String[] names = dueKeys;
        if (names == null) {
            names = new String[HashSlots.COUNT];
            for (int i = 0; i < HashSlots.COUNT; i++) {
                names[i] = (String) keys.outboxShard(i).get(1);
            }
            dueKeys = names;
        }
        return names[slot];
    }

    private int drain(List<Object> shard) {
        List<Object> claimed = redis.run(Script.OUTBOX_CLAIM, shard, CLAIM_LIMIT,
                config.outbox().grace().multipliedBy(4).toMillis(), config.outbox().maxAge().toMillis());
        int delivered = 0;
        for (int i = 0; i + 1 < claimed.size(); i += 2) {
            String raw = (String) claimed.get(i + 1);
            if ("EXPIRED".equals(claimed.get(i))) {
                LOG.severe(() -> LogId.OUTBOX_ENTRY_DROPPED.message("outbox entry undelivered for longer than"
                        + " kickout.outbox.max-age (" + config.outbox().maxAge() + "), dropped: " + LogText.escape(raw)));
                continue;
            }
            OutboxEntry entry = json.read(raw, OutboxEntry.class);
            OutboxDelivery delivery = delivery(entry.kind());
            if (delivery == null) {
                LOG.warning(() -> LogId.OUTBOX_UNKNOWN_KIND.message("outbox has no delivery for entry kind "
                        + entry.kind() + " (entry " + entry.id() + "); it stays until kickout.outbox.max-age"));
            } else if (outbox.deliver(shard, entry.id(), followUps -> delivery.deliver(entry, followUps))) {
                delivered++;
                LOG.info(() -> LogId.OUTBOX_DELIVERED_BY_DRAINER.message("outbox delivered entry " + entry.id()
                        + " (kind " + entry.kind() + ") left undone by its deciding instance"));
            }
        }
        return delivered;
    }

    private OutboxDelivery delivery(String kind) {
        for (OutboxDelivery delivery : deliveries) {
            if (delivery.kind().equals(kind)) {
                return delivery;
            }
        }
        return null;
    }
}
