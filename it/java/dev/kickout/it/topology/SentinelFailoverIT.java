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
 * Redis Sentinel: kill -9 of the master while kicks, logins and lock
 * acquires run on two app instances (see {@link FailoverDrill} for what is asserted).
 */
@OnTopology(RedisTopology.SENTINEL)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SentinelFailoverIT {

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
    void killingTheMasterLosesNoKickAndRepeatsNoFence(@ArquillianResource @OperateOnDeployment("a") URL a,
            @ArquillianResource @OperateOnDeployment("b") URL b) throws Exception {
        drill = new FailoverDrill("sentinel", false, a, b);
        drill.run();
    }
}
