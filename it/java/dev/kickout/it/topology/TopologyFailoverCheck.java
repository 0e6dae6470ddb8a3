package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.client.codec.StringCodec;

import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Topology;
import dev.kickout.it.support.Wait;

/**
 * What {@link ClusterTopologyIT} and {@link SentinelTopologyIT} check of the test topology itself
 * (no application server): its nodes run, and a kill -9 of the master of a key loses no write that
 * a replica acknowledged, a replica takes over, and the killed node comes back as a replica.
 */
final class TopologyFailoverCheck {

    static final Duration HEALTHY = Duration.ofSeconds(90);

    private static RedisNodeProcess killed;

    private TopologyFailoverCheck() {
    }

    static void nodesRun(int expected) {
        List<RedisNodeProcess> nodes = Topology.dataNodes();
        assertEquals(expected, nodes.size(), () -> "data nodes " + nodes);
        assertEquals(expected, nodes.stream().mapToInt(RedisNodeProcess::port).distinct().count());
        nodes.forEach(node -> assertTrue(ProcessHandle.of(node.pid()).map(ProcessHandle::isAlive).orElse(false),
                () -> node + " is not alive"));
    }

    static void killedMasterIsReplaced(String name) throws InterruptedException {
        String key = "kickout-it:{topology}:" + UUID.randomUUID();
        RBatch batch = TestRedis.client().createBatch(BatchOptions.defaults().sync(1, Duration.ofSeconds(5)));
        batch.getBucket(key, StringCodec.INSTANCE).setAsync("acknowledged", Duration.ofMinutes(10));
        batch.execute();

        RedisNodeProcess master = Topology.masterOf(key);
        long killedAt = System.nanoTime();
        killed = master;
        Topology.kill(master);
        assertFalse(ProcessHandle.of(master.pid()).map(ProcessHandle::isAlive).orElse(false), "killed " + master);

        RedisNodeProcess promoted = Topology.masterOf(key);
        assertNotEquals(master.port(), promoted.port(), "a replica took over from " + master);
        long readable = awaitValue(key, "acknowledged", Duration.ofSeconds(60));
        System.out.printf("[figure] %s: kill -9 of the master of a key to the key readable again through the test client: %d ms%n",
                name, TimeUnit.NANOSECONDS.toMillis(readable - killedAt));

        Topology.restart(master);
        killed = null;
        Topology.awaitHealthy(HEALTHY);
        assertTrue(Topology.dataNodes().stream().anyMatch(n -> n.port() == master.port()), "restarted " + master);
        assertNotEquals(master.port(), Topology.masterOf(key).port(), "the restarted node rejoined as a replica");
        assertEquals("acknowledged", TestRedis.client().getBucket(key, StringCodec.INSTANCE).get());
    }

    /** Restores the topology whatever a test left behind. */
    static void restore() {
        if (killed != null && Topology.dataNodes().stream().noneMatch(n -> n.port() == killed.port())) {
            Topology.restart(killed);
        }
        killed = null;
        Topology.awaitHealthy(HEALTHY);
    }

    private static long awaitValue(String key, String expected, Duration max) {
        RuntimeException[] last = {null};
        Wait.until(max, () -> "'" + key + "' to be readable as '" + expected + "'" + (last[0] == null ? "" : "; last: " + last[0]), () -> {
            try {
                return expected.equals(TestRedis.client().getBucket(key, StringCodec.INSTANCE).get());
            } catch (RuntimeException e) {
                last[0] = e; // the client has not found the promoted master yet
                return false;
            }
        });
        return System.nanoTime();
    }
}
