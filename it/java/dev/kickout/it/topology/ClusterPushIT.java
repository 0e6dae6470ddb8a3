package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.push.Latency;
import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisTopology;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * Redis Cluster: every kick accepted on a reaches a stream on b at once (p99 within
 * {@link Latency#AT_ONCE_MS}), over users whose slots live on different masters.
 */
@OnTopology(RedisTopology.CLUSTER)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClusterPushIT {

    private static final Map<String, String> SETTINGS = Map.of("kickout.key-prefix", "cluster-push",
            "kickout.login.policy", "MULTI");
    private static final List<String> USERS = List.of("alice", "bob", "carol");
    private static final int KICKS = 45;
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar(SETTINGS);
    }

    @Deployment(name = "b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        return Deployments.referenceWar(SETTINGS);
    }

    @Test
    void everyKickReachesAStreamOnTheOtherInstanceAtOnce(@ArquillianResource @OperateOnDeployment("a") URL baseA,
            @ArquillianResource @OperateOnDeployment("b") URL baseB) throws Exception {
        Api a = new Api(baseA);
        Api b = new Api(baseB);
        String admin = a.login("admin", "web").token();
        List<Long> fromReturn = new ArrayList<>();
        List<Long> fromSend = new ArrayList<>();
        for (int i = 0; i < KICKS; i++) {
            Login victim = a.login(USERS.get(i % USERS.size()), "latency");
            try (EventStream onB = EventStream.open(b.request("events", victim.token()))) {
                assertEquals(200, onB.status(), onB::body);
                long sent = System.nanoTime();
                Reply kicked = a.delete("admin/sessions/" + victim.sessionId(), admin);
                long returned = System.nanoTime();
                kicked.assertOk(200);
                Event event = onB.next(WAIT);
                assertNotNull(event, "the kick reaches the stream on b");
                assertEquals("FORCE_LOGOUT", event.type());
                fromReturn.add((event.receivedNanos() - returned) / 1000);
                fromSend.add((event.receivedNanos() - sent) / 1000);
            }
        }
        System.out.println("[figure] cluster kick-to-event latency, kick on a, stream on b, " + KICKS + " kicks over "
                + USERS + ": " + Latency.describe(fromReturn, fromSend));
        assertTrue(Latency.percentileMillis(fromSend, 99) <= Latency.AT_ONCE_MS, Latency.describe(fromReturn, fromSend));
    }
}
