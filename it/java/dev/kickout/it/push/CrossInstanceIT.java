package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two WildFly instances on one Redis: an event produced on one reaches streams on the other. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CrossInstanceIT {

    private static final Map<String, String> SETTINGS = Map.of("kickout.key-prefix", "cross",
            "kickout.login.policy", "MULTI", "kickout.lock.force-release-grace", "PT0S");
    private static final Duration WAIT = Duration.ofSeconds(5);

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar("kickout.war", SETTINGS);
    }

    @Deployment(name = "b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        return Deployments.referenceWar("kickout.war", SETTINGS);
    }

    @ArquillianResource
    @OperateOnDeployment("a")
    URL baseA;

    @ArquillianResource
    @OperateOnDeployment("b")
    URL baseB;

    Api a;
    Api b;

    @BeforeEach
    void setUp() {
        a = new Api(baseA);
        b = new Api(baseB);
    }

    @Test
    void aKickOnAReachesAStreamOnB() throws Exception {
        Login bob = a.login("bob", "web");
        String admin = a.login("admin", "web").token();
        try (EventStream onB = open(b, bob.token())) {
            a.delete("admin/sessions/" + bob.sessionId() + "?reason=cross", admin).assertOk(200);
            Event event = onB.next(WAIT);
            assertEquals("FORCE_LOGOUT", event.type());
            assertEquals("cross", event.json().getString("reason"));
            assertEquals("end", onB.next(WAIT).type());
        }
        b.refusedWithin("auth/status", bob.token(), Api.CROSS_INSTANCE).assertProblem(401, "KICKED");
    }

    @Test
    void aReleaseOnBReachesAStreamOnA() throws Exception {
        Login alice = b.login("alice", "web");
        String admin = b.login("admin", "web").token();
        String id = "cross-" + UUID.randomUUID();
        b.post("locks/order/" + id, alice.token(), null).assertOk(201);
        try (EventStream onA = open(a, alice.token())) {
            b.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"from b\"}").assertOk(200);
            Event event = onA.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", event.type());
            assertEquals(id, event.json().getString("id"));
        }
    }

    @Test
    void everyKickReachesAStreamOnTheOtherInstanceAtOnce() throws Exception {
        String admin = a.login("admin", "web").token();
        List<Long> fromReturn = new ArrayList<>();
        List<Long> fromSend = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Login victim = a.login("carol", "latency");
            try (EventStream onB = open(b, victim.token())) {
                long sent = System.nanoTime();
                Reply kicked = a.delete("admin/sessions/" + victim.sessionId(), admin);
                long returned = System.nanoTime();
                kicked.assertOk(200);
                Event event = onB.next(WAIT);
                assertEquals("FORCE_LOGOUT", event.type());
                fromReturn.add((event.receivedNanos() - returned) / 1000);
                fromSend.add((event.receivedNanos() - sent) / 1000);
            }
        }
        System.out.println("[figure] kick-to-event latency, across instances, 40 kicks: "
                + Latency.describe(fromReturn, fromSend));
        assertTrue(Latency.percentileMillis(fromSend, 99) <= Latency.AT_ONCE_MS, Latency.describe(fromReturn, fromSend));
    }

    private static EventStream open(Api api, String token) {
        EventStream stream = EventStream.open(api.request("events", token));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }
}
