package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kickout.enabled=false}: the reference WAR, deployed and used while Redis is down, behaves as if
 * the module were not there: its endpoints answer 404, the filter lets every request through (the
 * reference app's own endpoints answer without a token), the readiness check is not DOWN and a
 * {@code @RequiresEditLock} save runs without a lock. With the module on, each of these would be a 401,
 * a 503 or a 423 (Redis down), so each check can fail.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ModuleOffIT {

    private static final String APP = "module-off";

    @Deployment(name = APP, managed = false, testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("module-off.war", Map.of("kickout.enabled", "false", "kickout.key-prefix", "off"));
    }

    @ArquillianResource
    Deployer deployer;

    @AfterEach
    void redisIsBack() {
        TestRedis.start();
    }

    @Test
    @Order(1)
    void deploysWithoutRedis() {
        TestRedis.stop();
        long start = System.nanoTime();
        deployer.deploy(APP);
        long deployMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[figure] deployment with kickout.enabled=false and Redis down took %d ms%n", deployMillis);
        assertTrue(deployMillis < 60_000, "deployment took " + deployMillis + " ms");
    }

    @Test
    @Order(2)
    void theHostRunsAsWithoutTheModule(@ArquillianResource @OperateOnDeployment(APP) URL base) {
        try {
            TestRedis.stop();
            Api api = new Api(base);
            api.tryLogin("alice", "alice", "web", "c1").assertProblem(404, "NOT_FOUND");
            api.get("auth/status", "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                    .assertProblem(404, "NOT_FOUND");
            api.post("locks/document/doc-1", null, null).assertProblem(404, "NOT_FOUND");

            JsonObject document = api.get("app/documents/doc-1", null).assertOk(200);
            String update = Json.createObjectBuilder().add("title", "saved with the module off").add("body", "text")
                    .add("version", document.getJsonNumber("version").longValue()).build().toString();
            JsonObject saved = api.put("app/documents/doc-1", null, update).assertOk(200);
            assertEquals("saved with the module off", saved.getString("title"));

            URI readiness = ServerUnderTest.current().readiness(base);
            Reply ready = api.send(HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(30)).GET());
            assertEquals(200, ready.status(), ready::body);
            assertTrue(ready.body().contains("kickout-redis"), ready::body);
        } finally {
            deployer.undeploy(APP);
        }
    }
}
