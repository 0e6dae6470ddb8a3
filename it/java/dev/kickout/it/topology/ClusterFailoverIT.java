package dev.kickout.it.topology;

import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisTopology;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis Cluster: kill -9 of the master that owns a user's slot while kicks, logins and lock
 * acquires run on two app instances (see {@link FailoverDrill} for what is asserted). With one
 * replica per master, the promoted replica has none left: decisions in its slots, which a replica
 * must confirm ({@code kickout.redis.wait-replicas}), answer 503 until the killed node is back as
 * its replica. The drill restarts it once reads are served again, as a supervisor would, and
 * asserts that no decision there was confirmed before.
 */
@OnTopology(RedisTopology.CLUSTER)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClusterFailoverIT {

    private static FailoverDrill drill;

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar(FailoverDrill.SETTINGS);
    }

    @Deployment(name = "b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        return Deployments.referenceWar(FailoverDrill.SETTINGS);
    }

    @AfterAll
    static void heal() {
        if (drill != null) {
            drill.heal();
        }
    }

    @Test
    void killingTheMasterOfAUsersSlotLosesNoKickAndRepeatsNoFence(@ArquillianResource @OperateOnDeployment("a") URL a,
            @ArquillianResource @OperateOnDeployment("b") URL b) throws Exception {
        drill = new FailoverDrill("cluster", true, a, b);
        drill.run();
    }
}
