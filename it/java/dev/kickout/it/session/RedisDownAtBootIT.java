package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.net.URL;
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

/** Deployed while Redis is down: the deployment does not hang, requests fail closed, then it recovers. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisDownAtBootIT {

    private static final String APP = "redis-down";

    @Deployment(name = APP, managed = false, testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("redis-down.war", Map.of("kickout.key-prefix", "down-at-boot"));
    }

    @ArquillianResource
    Deployer deployer;

    @AfterEach
    void redisIsBack() {
        TestRedis.start();
    }

    @Test
    @Order(1)
    void deploysWhileRedisIsDown() {
        TestRedis.stop();
        long start = System.nanoTime();
        deployer.deploy(APP);
        long deployMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[figure] deployment with Redis down took %d ms%n", deployMillis);
        assertTrue(deployMillis < 30_000, "deployment hung for " + deployMillis + " ms");
    }

    /** The deployment exists now, so Arquillian can give its URL. */
    @Test
    @Order(2)
    void failsClosedThenRecovers(@ArquillianResource @OperateOnDeployment(APP) URL base) {
        try {
            TestRedis.stop();
            Api api = new Api(base);
            api.tryLogin("alice", "alice", "web", "c1").assertProblem(503, "STORE_UNAVAILABLE");
            api.get("auth/me", "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                    .assertProblem(503, "STORE_UNAVAILABLE");

            TestRedis.start();
            // the client reconnects by itself
            Reply login = Wait.until(Duration.ofSeconds(30), last -> "an answer other than 503 once Redis is back; last: " + last.body(),
                    () -> api.tryLogin("alice", "alice", "web", "c1"), reply -> reply.status() != 503);
            assertEquals(200, login.status(), login::body);
            api.get("auth/me", login.json().getString("token")).assertOk(200);
        } finally {
            deployer.undeploy(APP);
        }
    }
}
