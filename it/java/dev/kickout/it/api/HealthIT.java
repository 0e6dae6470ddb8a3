package dev.kickout.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Liveness and readiness apart: with Redis hung (SIGSTOP), readiness goes DOWN (503) and liveness stays UP
 * (a restart would not bring Redis back); both come back UP when Redis does; neither shows internals.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HealthIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
    }

    @ArquillianResource
    URL base;

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
    }

    @Test
    void aHungRedisTakesReadinessDownButNotLiveness() throws Exception {
        Health health = new Health(base);
        Health.assertNoInternals(health.awaitReadiness(200, "UP"));
        Health.assertNoInternals(health.assertLive());

        TestRedis.hang();
        Api api = new Api(base);
        api.tryLogin("alice", "alice", "web", "health").assertProblem(503, "STORE_UNAVAILABLE");
        Reply down = health.awaitReadiness(503, "DOWN");
        Health.assertNoInternals(down);
        Reply live = health.assertLive();
        Health.assertNoInternals(live);
        System.out.printf("[figure] health with Redis hung: readiness %d, liveness %d%n", down.status(), live.status());

        TestRedis.resume();
        health.awaitReadiness(200, "UP");
        health.assertLive();
        assertEquals(200, api.tryLogin("alice", "alice", "web", "health").status());
    }
}
