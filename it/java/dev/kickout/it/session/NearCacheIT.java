package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.RedisMonitor;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
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
    void aCachedTokenCostsNoRoundTrip() {
        String token = api.login("alice", "web").token();
        api.get("auth/status", token).assertOk(200);
        // alice's scripts (a check in Redis, an expiry write) name her record first; timers' and follow-ups' do not
        String record = "\"" + PREFIX + ":{" + RedisKeys.userTag("alice") + "}:u\"";
        // a new deployment's cache opens once its first heartbeat is heard with a known send time
        Wait.until(Duration.ofSeconds(10), () -> "the near cache to answer alice's checks", () -> {
            try (RedisMonitor monitor = RedisMonitor.watch(TestRedis.port())) {
                for (int i = 0; i < 20; i++) {
                    api.get("auth/status", token).assertOk(200);
                }
                return monitor.lines().stream().noneMatch(line -> line.contains(record) && isScriptCall(line) && !isTouch(line));
            }
        });
        long start = System.nanoTime();
        List<String> lines;
        try (RedisMonitor monitor = RedisMonitor.watch(TestRedis.port())) {
            for (int i = 0; i < REQUESTS; i++) {
                api.get("auth/status", token).assertOk(200);
            }
            lines = monitor.lines();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        List<String> scripts = lines.stream().filter(line -> line.contains(record) && isScriptCall(line)).toList();
        long touches = scripts.stream().filter(NearCacheIT::isTouch).count();
        System.out.printf("[figure] near cache: %d token checks of one session in %d ms ran %d scripts of that user,"
                + " %d of them expiry writes (%d commands in all in Redis meanwhile): %.4f per request%n", REQUESTS,
                took.toMillis(), scripts.size(), touches, lines.size(), scripts.size() / (double) REQUESTS);
        // one session answered throughout: at most one expiry write per touch interval, whatever the request rate
        // (and one NOSCRIPT retry); checks in Redis only for a fill, or while the fence is down on a loaded machine
        long touchesAllowed = took.toMillis() / TOUCH.toMillis() + 2;
        assertTrue(touches <= touchesAllowed, touches + " expiry writes for one session's " + REQUESTS
                + " checks in " + took.toMillis() + " ms: more than one per touch interval");
        // the expiry writes are bounded by time above (a slow machine sends fewer requests per interval, not more
        // writes); the checks in Redis are the cache's own cost
        long checks = scripts.size() - touches;
        assertTrue(checks <= REQUESTS * 0.05, () -> checks + " checks in Redis for " + REQUESTS
                + " checks of one cached session (the goal: at most 0.05 a request): " + scripts);
    }

    @Test
    void theSlidingExpiryReachesRedisWithinTheTouchInterval() {
        Login login = api.login("bob", "web");
        api.get("auth/status", login.token()).assertOk(200);
        Instant hit = Instant.parse(api.get("auth/me", login.token()).assertOk(200).getString("lastSeen"));
        Instant due = hit.plus(TTL);
        Instant stored = Wait.until(TOUCH.multipliedBy(10),
                last -> "Redis's expiry to slide to the answered request's plus the ttl (" + due + "): " + last,
                () -> expiresInRedis("bob", login.sessionId()), at -> !at.isBefore(due));
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

    /** session-touch.lua, by its SHA, or whole (after a NOSCRIPT) by a phrase of its header. */
    private static boolean isTouch(String monitorLine) {
        return monitorLine.contains("\"" + Script.SESSION_TOUCH.sha() + "\"")
                || monitorLine.contains("Writes the sliding expiry of one session the near cache answered");
    }

    /** A client's EVALSHA or EVAL (Redisson sends them in upper case; a script's own commands say lua). */
    private static boolean isScriptCall(String monitorLine) {
        String line = monitorLine.toLowerCase(Locale.ROOT);
        return !line.contains(" lua] ") && (line.contains("] \"evalsha\" ") || line.contains("] \"eval\" "));
    }

    private static Instant expiresInRedis(String userId, String sessionId) {
        JsonObject session = UserRecords.live(UserRecords.read(TestRedis.client(), PREFIX, userId), sessionId);
        return Instant.ofEpochMilli(session.getJsonNumber("e").longValue());
    }
}
