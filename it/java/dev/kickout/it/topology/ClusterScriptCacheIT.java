package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.RedisTopology;
import dev.kickout.it.support.Topology;
import java.net.URL;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis Cluster: a release's batch spans the masters of the lock, its index entry and its holder's
 * holdings. When some of its steps meet NOSCRIPT (a master that lost its script cache, as a promoted
 * replica always has) and the lock's own script does not, the lock's script still runs once: the
 * release answers 204, never LOCK_LOST from a second run, and the steps that met NOSCRIPT are sent again.
 */
@OnTopology(RedisTopology.CLUSTER)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClusterScriptCacheIT {

    /** Releases tried; each has its lock on a random slot, so most span two or three masters. */
    private static final int RELEASES = 20;

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "cluster-scripts"));
    }

    @Test
    void aReleaseWhoseOtherStepsMetNoScriptRunsOnce(@ArquillianResource @OperateOnDeployment("a") URL base) {
        Api api = new Api(base);
        Login alice = api.login("alice", "web");
        for (int i = 0; i < RELEASES; i++) {
            String path = "locks/order/" + UUID.randomUUID();
            String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");
            forgetScriptsBut(Script.LOCK_RELEASE, Script.LOCK_QUEUE_ADVANCE);
            api.send(api.request(path, alice.token(), token).DELETE()).assertOk(204);
            api.get(path, alice.token()).assertProblem(404, "NOT_LOCKED");
        }
        String admin = api.login("admin", "web").token();
        assertEquals(0, api.get("admin/locks?userId=alice", admin).assertOk(200).getInt("total"),
                "the steps that met NOSCRIPT were sent again: the index lists none of the released locks");
    }

    /** Every node forgets its scripts, then learns {@code kept} again. */
    private static void forgetScriptsBut(Script... kept) {
        for (RedisNodeProcess node : Topology.dataNodes()) {
            Topology.command(node, "SCRIPT", "FLUSH");
            for (Script script : kept) {
                Topology.command(node, "SCRIPT", "LOAD", script.source());
            }
        }
    }
}
