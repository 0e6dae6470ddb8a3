package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Redis stopped mid-test: 503 STORE_UNAVAILABLE (never authenticated), readiness DOWN, then recovery. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisOutageIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
    }

    @ArquillianResource
    URL base;

    @AfterEach
    void redisIsBack() {
        TestRedis.start();
    }

    @Test
    void requestsFailClosedWhileRedisIsDownAndRecoverAfter() {
        Api api = new Api(base);
        String token = api.login("alice", "web").token();
        assertEquals(200, readiness().status());

        TestRedis.stop();

        Reply down = api.get("auth/me", token);
        down.assertProblem(503, "STORE_UNAVAILABLE");
        assertNotNull(down.header("Retry-After"));
        api.tryLogin("bob", "bob", "web", "c1").assertProblem(503, "STORE_UNAVAILABLE");
        assertEquals(503, readiness().status());

        TestRedis.start();

        Reply login = await(() -> api.tryLogin("bob", "bob", "web", "c1"));
        String fresh = login.json().getString("token");
        api.get("auth/me", fresh).assertOk(200);
        api.get("auth/me", token).assertProblem(401, "TOKEN_INVALID");
        assertEquals(200, readiness().status());
    }

    /** MicroProfile Health readiness: WildFly's management port, Payara's HTTP port (see ServerUnderTest). */
    private Reply readiness() {
        URI readiness = ServerUnderTest.current().readiness(base);
        return new Api(readiness).send(HttpRequest.newBuilder(readiness).GET());
    }

    /** Repeats a call until it answers 200, for at most 30 s; the store reconnects on its own, only 503 comes meanwhile. */
    private static Reply await(Supplier<Reply> call) {
        return Wait.until(Duration.ofSeconds(30), last -> "a 200 once Redis is back; last: " + last.body(), () -> {
            Reply reply = call.get();
            if (reply.status() != 200) {
                assertTrue(reply.status() == 503, reply::body);
            }
            return reply;
        }, reply -> reply.status() == 200);
    }
}
