package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The near cache on one instance: a cached token costs no Redis round trip, its sliding expiry still reaches
 * Redis (batched, within the touch interval), and a revocation decided here is refused here at once.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class NearCacheIT {

    private static final String PREFIX = "nearcache";
    private static final Duration TTL = Duration.ofSeconds(10);
    private static final Duration TOUCH = Duration.ofMillis(200);
    private static final int REQUESTS = 1_000;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("kickout.war", Map.of("kickout.key-prefix", PREFIX,
                "kickout.session.near-cache", "true", "kickout.session.ttl", TTL.toString(),
                "kickout.session.touch-interval", TOUCH.toString(), "kickout.login.policy", "MULTI"));
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void aCachedTokenCostsNoRoundTrip() throws InterruptedException {
        String token = api.login("alice", "web").token();
        api.get("auth/status", token).assertOk(200);
        long start = System.nanoTime();
        Map<String, Long> before = RedisCommandStats.calls();
        for (int i = 0; i < REQUESTS; i++) {
            api.get("auth/status", token).assertOk(200);
        }
        long busy = scripts(before);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // what runs without any request over as long (heartbeats, drainer, sweeper), to subtract
        Map<String, Long> idleFrom = RedisCommandStats.calls();
        Thread.sleep(took.toMillis()); // lets time pass for the baseline; synchronises with nothing
        long idle = scripts(idleFrom);
        double perRequest = Math.max(0, busy - idle) / (double) REQUESTS;
        System.out.printf("[figure] near cache: %d token checks of one session in %d ms ran %d scripts (%d over as"
                + " long idle): %.4f per request%n", REQUESTS, took.toMillis(), busy, idle, perRequest);
        // one session answered throughout: at most one expiry write per touch interval, whatever the request rate
        long touchesAllowed = took.toMillis() / TOUCH.toMillis() + 2;
        assertTrue(busy - idle <= touchesAllowed, (busy - idle) + " scripts for one session's " + REQUESTS
                + " checks in " + took.toMillis() + " ms: more than one expiry write per touch interval");
    }

    @Test
    void theSlidingExpiryReachesRedisWithinTheTouchInterval() {
        Login login = api.login("bob", "web");
        api.get("auth/status", login.token()).assertOk(200);
        Instant hit = Instant.parse(api.get("auth/me", login.token()).assertOk(200).getString("lastSeen"));
        Instant due = hit.plus(TTL);
        long deadline = System.nanoTime() + TOUCH.multipliedBy(10).toNanos();
        Instant stored = expiresInRedis("bob", login.sessionId());
        while (stored.isBefore(due) && System.nanoTime() < deadline) {
            stored = expiresInRedis("bob", login.sessionId());
        }
        assertFalse(stored.isBefore(due), "Redis's expiry slid to the answered request's plus the ttl: " + stored);
        assertFalse(stored.isAfter(due.plus(TOUCH)), "and not further than one touch interval: " + stored);
    }

    @Test
    void aLogoutHereIsRefusedHereAtOnce() {
        Login login = api.login("carol", "web");
        api.get("auth/status", login.token()).assertOk(200);
        api.get("auth/status", login.token()).assertOk(200);
        api.post("auth/logout", login.token(), null).assertOk(204);
        api.get("auth/status", login.token()).assertProblem(401, "LOGGED_OUT");
    }

    private static long scripts(Map<String, Long> before) {
        Map<String, Long> after = RedisCommandStats.calls();
        return after.getOrDefault("evalsha", 0L) - before.getOrDefault("evalsha", 0L)
                + after.getOrDefault("eval", 0L) - before.getOrDefault("eval", 0L);
    }

    private static Instant expiresInRedis(String userId, String sessionId) {
        JsonObject session = UserRecords.live(UserRecords.read(TestRedis.client(), PREFIX, userId), sessionId);
        return Instant.ofEpochMilli(session.getJsonNumber("e").longValue());
    }
}
