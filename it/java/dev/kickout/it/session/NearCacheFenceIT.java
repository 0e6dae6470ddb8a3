package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.CuttableLink;
import dev.kickout.it.support.RedisStates;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The near cache's fence on real servers (single Redis), with the default silence: an instance that stops
 * hearing its heartbeats stops answering from its cache within {@code kickout.session.near-cache.silence}; an
 * instance whose link to Redis is cut just before another instance kicks a session it had cached accepts the
 * token at most until the silence after the kick, then fails closed (503, never the session), and refuses the
 * token (401) the moment the link is back.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class NearCacheFenceIT {

    private static final String PREFIX = "nearfence";
    /** The default kickout.session.near-cache.silence. */
    private static final Duration SILENCE = Duration.ofMillis(50);
    private static final int TRIALS = 15;
    /** One heartbeat's period plus a loaded machine's scheduling slack. */
    private static final Duration SLACK = Duration.ofMillis(400);
    private static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final Map<String, String> SETTINGS = Map.of("kickout.key-prefix", PREFIX,
            "kickout.session.near-cache", "true",
            "kickout.login.policy", "MULTI");
    private static CuttableLink link;

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar("kickout.war", SETTINGS);
    }

    /** B reaches Redis through a link the test can cut. */
    @Deployment(name = "b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        link = new CuttableLink(TestRedis.port());
        Path yaml = Path.of("target", "near-cache-fence-b.yaml").toAbsolutePath();
        try {
            Files.writeString(yaml, """
                    singleServerConfig:
                      address: "redis://127.0.0.1:%d"
                      timeout: 1000
                      connectTimeout: 1000
                      retryAttempts: 0
                      connectionMinimumIdleSize: 2
                    lazyInitialization: true
                    """.formatted(link.port()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("kickout.redis.config", yaml.toString());
        return Deployments.referenceWar("kickout.war", settings);
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

    @AfterEach
    void linksBack() {
        link.restore();
        TestRedis.resume();
    }

    @AfterAll
    static void closeLink() {
        if (link != null) {
            link.close();
        }
    }

    @Test
    void aCutInstanceStopsAcceptingAKickedTokenWithinTheSilenceAndRefusesItWhenItsLinkReturns() {
        String admin = loggedIn(a, "admin", "web").token();
        long worst = Long.MIN_VALUE;
        long worstSinceCut = Long.MIN_VALUE;
        List<Long> servedAfterKick = new ArrayList<>();
        for (int trial = 0; trial < TRIALS; trial++) {
            Login victim = loggedIn(a, "alice", "fence-" + trial);
            served(b, victim.token()).assertOk(200);
            b.get("auth/status", victim.token()).assertOk(200); // cached on B

            link.cut();
            long cutAt = System.nanoTime();
            a.delete("admin/sessions/" + victim.sessionId() + "?reason=fence", admin).assertOk(200);
            long kickedAt = System.nanoTime();
            long lastServed = -1;
            long lastServedSinceCut = -1;
            long sentAt = System.nanoTime();
            Reply reply = b.get("auth/status", victim.token());
            while (reply.status() == 200) {
                lastServed = (sentAt - kickedAt) / 1_000_000;
                lastServedSinceCut = (sentAt - cutAt) / 1_000_000;
                assertTrue(lastServed <= SILENCE.toMillis(), "B accepted the kicked token " + lastServed
                        + " ms after the kick returned, past the silence of " + SILENCE.toMillis() + " ms");
                sentAt = System.nanoTime();
                reply = b.get("auth/status", victim.token());
            }
            reply.assertProblem(503, "STORE_UNAVAILABLE");
            servedAfterKick.add(lastServed);
            worst = Math.max(worst, lastServed);
            worstSinceCut = Math.max(worstSinceCut, lastServedSinceCut);

            link.restore();
            // while its connections come back, B may still answer 503 now and then; whenever it serves, it refuses
            servedOnceLinked(victim).assertProblem(401, "KICKED");
            servedOnceLinked(victim).assertProblem(401, "KICKED");
        }
        System.out.printf("[figure] near cache fence, link cut then kick, %d trials: B last accepted the kicked token"
                + " at most %d ms after the kick returned (-1: never; per trial %s) and served any cached answer at"
                + " most %d ms after the cut (bound: silence %d ms)%n",
                TRIALS, worst, servedAfterKick, worstSinceCut, SILENCE.toMillis());
    }

    /**
     * A login on {@code api} once it serves: after the previous test cut or hung Redis, its circuit
     * breaker may stay open until its next probe.
     */
    private static Login loggedIn(Api api, String user, String deviceType) {
        Reply reply = Wait.until(RECOVERY, last -> "the instance to serve logins again; last: " + last.body(),
                () -> api.tryLogin(user, user, deviceType, "it-" + deviceType), answer -> answer.status() != 503);
        JsonObject body = reply.assertOk(200);
        return new Login(body.getString("token"), body.getJsonObject("session").getString("sessionId"), body);
    }

    /** B's next answer to the victim's token that is not a 503 (its link back, its breaker closing). */
    private Reply servedOnceLinked(Login victim) {
        return Wait.until(RECOVERY, last -> "B to serve again once its link returned; last: " + last.body(),
                () -> b.get("auth/status", victim.token()), answer -> answer.status() != 503);
    }

    @Test
    void anInstanceThatHearsNothingStopsAnsweringFromItsCacheWithinTheSilence() {
        Login login = loggedIn(a, "bob", "fence");
        a.get("auth/status", login.token()).assertOk(200);
        a.get("auth/status", login.token()).assertOk(200);

        TestRedis.hang();
        long hungAt = System.nanoTime();
        int served = 0;
        Reply reply = a.get("auth/status", login.token());
        while (reply.status() == 200) {
            served++;
            assertTrue(System.nanoTime() - hungAt < SILENCE.plus(SLACK).toNanos(),
                    "A still answers from its cache well past the silence bound");
            reply = a.get("auth/status", login.token());
        }
        long closedAfter = (System.nanoTime() - hungAt) / 1_000_000;
        reply.assertProblem(503, "STORE_UNAVAILABLE");
        assertTrue(served > 0, "the session was answered from the cache while Redis hung, until the fence fell");
        System.out.printf("[figure] near cache fence: with Redis hung, %d cached answers, then 503 after %d ms%n",
                served, closedAfter);

        TestRedis.resume();
        assertEquals(200, served(a, login.token()).status(), "service returns by itself, the session intact");
    }

    @Test
    void aRedisThatRefusesWritesStopsTheCacheAnsweringWithinTheSilence() {
        Login login = loggedIn(a, "carol", "fence");
        served(a, login.token()).assertOk(200);
        a.get("auth/status", login.token()).assertOk(200); // cached on A

        RedisStates.shortOfReplicas(); // PUBLISH still served: only a heartbeat that must write first stops
        try {
            long refusingAt = System.nanoTime();
            int served = 0;
            Reply reply = a.get("auth/status", login.token());
            while (reply.status() == 200) {
                served++;
                assertTrue(System.nanoTime() - refusingAt < SILENCE.plus(SLACK).toNanos(),
                        "A still answers from its cache well past the silence while Redis refuses writes");
                reply = a.get("auth/status", login.token());
            }
            long closedAfter = (System.nanoTime() - refusingAt) / 1_000_000;
            reply.assertProblem(503, "STORE_UNAVAILABLE");
            for (int i = 0; i < 10; i++) {
                a.get("auth/status", login.token()).assertProblem(503, "STORE_UNAVAILABLE");
            }
            System.out.printf("[figure] near cache fence: with Redis refusing writes (NOREPLICAS), %d cached answers,"
                    + " then 503 after %d ms (bound: silence %d ms)%n", served, closedAfter, SILENCE.toMillis());
        } finally {
            RedisStates.serveNormally();
        }
        assertEquals(200, served(a, login.token()).status(), "service returns by itself, the session intact");
    }

    /**
     * The token's status once the instance serves again (503 until then, within {@link #RECOVERY}): after
     * a hung Redis an instance's circuit breaker stays open until its next probe, whichever test comes next.
     */
    private static Reply served(Api api, String token) {
        return Wait.until(RECOVERY, last -> "the instance to serve again; last: " + last.body(),
                () -> api.get("auth/status", token), reply -> reply.status() != 503);
    }
}
