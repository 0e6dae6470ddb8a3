package dev.kickout.internal.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.redisnode.RedisClusterMaster;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.cluster.ClusterSlotRange;

/**
 * For a walk that must visit every keyspace (a {@code SCAN} inside a script sees only the node the
 * script runs on): one slot per keyspace, so that a key tagged {@link HashSlots#tag(int)} of each
 * slot lands on each master. One keyspace, slot 0's, on a single server or behind Sentinel; on a
 * Redis Cluster one slot of each master, as the cluster answers now (after a failover the promoted
 * replica serves the same slots, so the slots stay valid).
 */
@ApplicationScoped
public class MasterSlots {

    @Inject
    RedisStore redis;

    /** One slot served by each master (a single slot when there is one keyspace). */
    public List<Integer> onePerMaster() {
        return redis.call(client -> {
            if (!client.getConfig().isClusterConfig()) {
                return List.of(0);
            }
            List<Integer> slots = new ArrayList<>();
            for (RedisClusterMaster master : client.getRedisNodes(RedisNodes.CLUSTER).getMasters()) {
                firstSlotOf(master).ifPresent(slots::add);
            }
            return slots.isEmpty() ? List.of(0) : slots;
        });
    }

    /**
     * A master's address appears in CLUSTER SLOTS only beside the ranges it serves (a master is
     * nobody's replica), so the first range naming it is one of its own.
     */
    private static java.util.Optional<Integer> firstSlotOf(RedisClusterMaster master) {
        InetSocketAddress address = master.getAddr();
        String hostPort = address.getAddress().getHostAddress() + ":" + address.getPort();
        for (Map.Entry<ClusterSlotRange, Set<String>> range : master.clusterSlots().entrySet()) {
            if (range.getValue().stream().anyMatch(node -> node.endsWith(hostPort))) {
                return java.util.Optional.of(range.getKey().getStartSlot());
            }
        }
        return java.util.Optional.empty();
    }
}
