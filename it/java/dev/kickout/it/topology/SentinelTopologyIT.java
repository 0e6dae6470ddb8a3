package dev.kickout.it.topology;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisTopology;

/** The Sentinel setup that the it-sentinel run starts works as the failover ITs expect (see {@link TopologyFailoverCheck}). */
@OnTopology(RedisTopology.SENTINEL)
class SentinelTopologyIT {

    @AfterAll
    static void restoreTopology() {
        TopologyFailoverCheck.restore();
    }

    @Test
    void everyDataNodeRuns() {
        TopologyFailoverCheck.nodesRun(3);
    }

    @Test
    void killedMasterIsReplacedAndRejoinsAsReplica() throws InterruptedException {
        TopologyFailoverCheck.killedMasterIsReplaced("sentinel");
    }
}
