package dev.kickout.it.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An application undeployed leaves nothing of itself on the server's threads: deployments that served sign-ins and
 * ran the module's timers against Redis, each undeployed, leave no thread holding netty's per-thread state, whose
 * value would keep a whole copy of the application (some two thousand classes, a megabyte or more of Metaspace and
 * the heap its objects hold) for as long as the thread lives. The probe is a WAR of its own that stays deployed.
 * The server's loaded classes are printed as a figure; they also move with what the server keeps by itself (its
 * pool threads keep the application that was running when they were made as their context).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedeployIT {

    private static final String APP = "redeploy";
    private static final int CYCLES = 3;

    @Deployment(name = APP, managed = false, testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("redeploy.war", Map.of("kickout.key-prefix", APP));
    }

    @Deployment(name = "probe", testable = false)
    static WebArchive probe() {
        return ShrinkWrap.create(WebArchive.class, "class-count.war").addClass(ClassCountProbe.class);
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void undeployedApplicationsLeaveNoStateOnTheServersThreads(@ArquillianResource @OperateOnDeployment("probe") URL probe)
            throws Exception {
        URL app = probe.toURI().resolve("/" + APP + "/").toURL();
        long before = Long.parseLong(read(probe, "classes"));
        for (int i = 0; i < CYCLES; i++) {
            serveAndUndeploy(app);
            assertEquals("0", read(probe, "netty-states"), "threads still holding netty's state after undeploy " + (i + 1));
        }
        System.out.printf("[figure] loaded classes: %s before %d redeploys, %s after%n", before, CYCLES, read(probe, "classes"));
    }

    /** One life of the application: deployed, a sign-in and a sign-out, its timers draining the outbox, undeployed. */
    private void serveAndUndeploy(URL app) {
        deployer.deploy(APP);
        try {
            Api api = new Api(app);
            api.post("auth/logout", api.login("alice", "web").token(), null).assertOk(204);
            // the outbox timer (a task on the container's scheduler) delivers the logout's follow-ups through Redis
            Wait.until(Duration.ofSeconds(20), () -> "the outbox to be drained",
                    () -> TestRedis.client().getKeys().getKeysStreamByPattern(APP + ":*:ob").findAny().isEmpty());
        } finally {
            deployer.undeploy(APP);
        }
    }

    private static String read(URL probe, String path) throws IOException, InterruptedException {
        HttpResponse<String> reply = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(probe + path)).timeout(Duration.ofMinutes(1)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, reply.statusCode(), reply.body());
        return reply.body().trim();
    }
}
