package dev.kickout.it.topology;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisTopology;

/** The Cluster setup that the it-cluster run starts works as the failover ITs expect (see {@link TopologyFailoverCheck}). */
@OnTopology(RedisTopology.CLUSTER)
class ClusterTopologyIT {

    @AfterAll
    static void restoreTopology() {
        TopologyFailoverCheck.restore();
    }

    @Test
    void everyDataNodeRuns() {
        TopologyFailoverCheck.nodesRun(6);
    }

    @Test
    void killedMasterIsReplacedAndRejoinsAsReplica() throws InterruptedException {
        TopologyFailoverCheck.killedMasterIsReplaced("cluster");
    }
}
