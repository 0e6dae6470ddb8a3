package dev.kickout.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kickout.health.redis-readiness=false}: with Redis hung the module still fails closed (503), but
 * readiness stays UP (its Redis check says {@code checked: false}), so a host's other pages stay in rotation.
 * Its own class: WildFly's health endpoint sums the checks of every deployment on the server.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HealthSwitchIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.health.redis-readiness", "false"));
    }

    @ArquillianResource
    URL base;

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
    }

    @Test
    void switchedOffReadinessStaysUpWhileRedisIsHung() throws Exception {
        Health health = new Health(base);
        TestRedis.hang();
        Api api = new Api(base);
        api.tryLogin("alice", "alice", "web", "health").assertProblem(503, "STORE_UNAVAILABLE");
        // the breaker is open now: a check of Redis, were it made, would be DOWN at once
        api.tryLogin("alice", "alice", "web", "health").assertProblem(503, "STORE_UNAVAILABLE");
        Reply ready = health.readiness();
        assertEquals(200, ready.status(), ready::body);
        assertEquals("UP", Health.check(ready, "kickout-redis").orElseThrow().getString("status"), ready::body);
        // a boolean on WildFly, the string "false" on Payara
        assertEquals("false", Health.check(ready, "kickout-redis").orElseThrow().getJsonObject("data").get("checked")
                .toString().replace("\"", ""), ready::body);
        Health.assertNoInternals(ready);
        Health.assertNoInternals(health.assertLive());
        System.out.printf("[figure] health with Redis hung, kickout.health.redis-readiness=false: readiness %d%n", ready.status());
    }
}
