package dev.kickout.internal.redis;

import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.redisson.Redisson;
import org.redisson.api.BatchOptions;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.connection.MasterSlaveEntry;

/**
 * Pipelined commands on a Redis Cluster, a Redisson batch per master, all sent at once: still one
 * round trip. One batch over several masters is not safe. When one master's part fails (a script
 * it lacks after a failover, a node gone), Redisson fails every command still waiting for another
 * master's reply with that same failure, though those commands may well have run there. Where two
 * such commands wait on one connection, its reader also loses its place, and each later command on
 * that connection gets the reply of the one before. A batch of one master's slots is one master's part:
 * each command gets its own reply, in order. The master of a slot is the one Redisson routes it to now;
 * when Redisson cannot tell (not a Redisson client, or a slot without a master during a failover), the
 * slot gets a batch of its own. A batch per slot would be as safe, but a kick of a hundred sessions
 * then sends about a hundred batches, and Redisson's cost per batch shows in its latency. Off a
 * Cluster, one batch.
 */
public final class SlotBatches {

    private final RedissonClient redis;
    private final boolean cluster;
    private final BatchOptions options;
    private final Map<Object, RBatch> batches = new LinkedHashMap<>();
    private final Map<RBatch, BatchResult<?>> results = new IdentityHashMap<>();

    SlotBatches(RedissonClient redis, boolean cluster) {
        this(redis, cluster, BatchOptions.defaults());
    }

    /** With {@code options} for every batch: {@code sync} ends each with a {@code WAIT} for replicas. */
    SlotBatches(RedissonClient redis, boolean cluster, BatchOptions options) {
        this.redis = redis;
        this.cluster = cluster;
        this.options = options;
    }

    /** The batch for commands on {@code key}'s master, in the order added; {@code null}: a batch of its own. */
    public RBatch forKey(String key) {
        Object group = !cluster ? "" : key == null ? new Object() : masterOf(HashSlots.slotOfKey(key));
        return batches.computeIfAbsent(group, g -> redis.createBatch(options));
    }

    private Object masterOf(int slot) {
        if (redis instanceof Redisson redisson) {
            MasterSlaveEntry master = redisson.getCommandExecutor().getConnectionManager().getWriteEntry(slot);
            if (master != null) {
                return master;
            }
        }
        return slot;
    }

    /**
     * Sends every batch at once and waits for all of them; then throws the first failure, if any. Each
     * command's own future says what it met. Answers null, so that a call can end with it.
     */
    public Void execute() {
        Map<RBatch, CompletableFuture<BatchResult<?>>> runs = new LinkedHashMap<>();
        batches.values().forEach(batch -> runs.put(batch, batch.executeAsync().toCompletableFuture()));
        CompletionException failure = null;
        for (Map.Entry<RBatch, CompletableFuture<BatchResult<?>>> run : runs.entrySet()) {
            try {
                results.put(run.getKey(), run.getValue().join());
            } catch (CompletionException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
        return null;
    }

    /**
     * After {@link #execute}: how many replicas acknowledged the batch of {@code key}'s master (its
     * {@code WAIT}, with {@code sync} options); {@code -1} when that batch failed, and so brought back no count.
     */
    public int synced(String key) {
        BatchResult<?> result = results.get(forKey(key));
        return result == null ? -1 : result.getSyncedSlaves();
    }
}
