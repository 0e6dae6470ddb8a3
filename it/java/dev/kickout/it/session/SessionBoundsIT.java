package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Sessions stay bounded per user under abuse: 2,500 logins of one user under MULTI keep 100
 * sessions, 1,000 tombstones and three Redis keys, and a login costs the same work after them as
 * for a fresh user; the device type bound and the per-user cap with REJECT refuse with 409.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SessionBoundsIT {

    private static final int LOGINS = 2_500;
    private static final int MEASURED = 200;
    private static final int CAP = 100;
    private static final int TOMBSTONES = 1000;
    private static final ExecutorService POOL = Executors.newFixedThreadPool(8);

    /** Defaults (cap 100, 10 device types, 1,000 tombstones), MULTI; no sweeper during command counts. */
    @Deployment(name = "defaults", testable = false)
    static WebArchive defaults() {
        return Deployments.referenceWar("bounds.war", Map.of(
                "kickout.key-prefix", "bounds",
                "kickout.cleanup.interval", "PT1H"));
    }

    @Deployment(name = "reject", testable = false)
    static WebArchive reject() {
        return Deployments.referenceWar("bounds-reject.war", Map.of(
                "kickout.key-prefix", "bounds-reject",
                "kickout.login.max-sessions-per-user", "5",
                "kickout.login.when-full", "REJECT"));
    }

    @Deployment(name = "evict", testable = false)
    static WebArchive evict() {
        return Deployments.referenceWar("bounds-evict.war", Map.of(
                "kickout.key-prefix", "bounds-evict",
                "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.login.max-sessions-per-user", "5"));
    }

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void manyLoginsOfOneUserStayBounded(@ArquillianResource @OperateOnDeployment("defaults") URL base)
            throws Exception {
        Api api = new Api(base);
        for (int i = 0; i < MEASURED; i++) {
            // warms the server up with another user, so that the fresh figure is not a JIT figure
            api.tryLogin("carol", "carol", "web", "warm-up").assertOk(200);
        }
        String[] tokens = new String[LOGINS];
        long[] fresh = timedLogins(api, tokens, 0);
        Map<String, Long> before = redisCalls();
        parallel(MEASURED, LOGINS - 2 * MEASURED, i -> {
            tokens[i] = login(api, i);
            return null;
        });
        Map<String, Long> middle = redisCalls();
        long[] late = timedLogins(api, tokens, LOGINS - MEASURED);
        Map<String, Long> after = redisCalls();

        Map<String, Integer> outcomes = new HashMap<>();
        String[] codes = new String[LOGINS];
        parallel(0, LOGINS, i -> {
            Reply status = api.get("auth/status", tokens[i]);
            codes[i] = status.status() == 200 ? "ACTIVE" : status.assertProblem(401, status.code()).getString("code");
            return null;
        });
        Arrays.stream(codes).forEach(code -> outcomes.merge(code, 1, Integer::sum));
        assertEquals(Map.of("ACTIVE", CAP, "REPLACED", TOMBSTONES, "TOKEN_INVALID", LOGINS - CAP - TOMBSTONES),
                outcomes, "the newest 100 live, the next 1,000 remembered as replaced, the rest forgotten");
        for (int i = 0; i < LOGINS / 2; i++) {
            assertEquals("TOKEN_INVALID", codes[i], "an old token (login " + i + ") is forgotten");
        }
        for (int i = 0; i < LOGINS - 2 * MEASURED; i++) {
            assertTrue(!codes[i].equals("ACTIVE"), "login " + i + " is not among the newest");
        }

        RedissonClient redis = TestRedis.client();
        String tag = RedisKeys.userTag("alice");
        Map<String, Integer> keysByKind = new java.util.TreeMap<>();
        redis.getKeys().getKeysByPattern("bounds:{" + tag + "}*").forEach(key -> keysByKind.merge(
                key.substring(key.indexOf("}:") + 2).replaceAll(":.*", ":*"), 1, Integer::sum));
        int fields = redis.getMap("bounds:{" + tag + "}:h", StringCodec.INSTANCE).size();
        int live = UserRecords.read(redis, "bounds", "alice").getJsonObject("s").size();
        long recordBytes = redis.getBucket("bounds:{" + tag + "}:u", StringCodec.INSTANCE).size();
        int dead = redis.getScoredSortedSet("bounds:{" + tag + "}:x", StringCodec.INSTANCE).size();
        System.out.printf("[figure] after %d logins of one user: Redis keys by kind %s, %d live in a record of %d"
                + " bytes, %d dead-session hash fields, %d tombstones%n", LOGINS, keysByKind, live, recordBytes, fields, dead);
        // e:* (per-session event streams for Last-Event-ID replay) belong to the push feature and expire on their own
        keysByKind.remove("e:*");
        assertEquals(Map.of("u", 1, "h", 1, "x", 1), keysByKind, "the session keys of the user: no key per login");
        assertEquals(CAP, live);
        assertTrue(recordBytes < CAP * 512L, () -> "the record holds the live sessions only: " + recordBytes + " bytes");
        assertEquals(TOMBSTONES, dead);
        assertEquals(3 * TOMBSTONES, fields, "x + t + p per remembered dead session");

        long lateCommands = walkCommands(middle, after);
        long earlyCommands = walkCommands(before, middle) / (LOGINS - 2 * MEASURED);
        System.out.printf("[figure] login p50/p99 ms: first %d of a fresh user %.1f/%.1f, last %d after %d: %.1f/%.1f%n",
                MEASURED, percentile(fresh, 50), percentile(fresh, 99), MEASURED, LOGINS - MEASURED,
                percentile(late, 50), percentile(late, 99));
        System.out.printf("[figure] session-walking reads (HGET, ZRANGE*) per login: %d (logins %d-%d), %d (last %d)%n",
                earlyCommands, MEASURED, LOGINS - MEASURED, lateCommands / MEASURED, MEASURED);
        assertTrue(lateCommands / MEASURED <= 2L * CAP + 50,
                () -> "a login at the cap does bounded work, not one proportional to history: " + lateCommands / MEASURED);
    }

    @Test
    void aLoginWithOneDeviceTypeTooManyIsRefused(@ArquillianResource @OperateOnDeployment("defaults") URL base) {
        Api api = new Api(base);
        List<Api.Login> logins = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            logins.add(api.login("bob", "label-" + i));
        }
        JsonObject refused = api.tryLogin("bob", "bob", "label-10", "c").assertProblem(409, "SESSION_LIMIT");
        assertTrue(refused.getString("detail").contains("10 different device types"), refused::toString);
        assertEquals(10, refused.getInt("maxDeviceTypes"));
        api.get("auth/me", logins.get(0).token()).assertOk(200);
        api.login("bob", "label-3");

        api.post("auth/logout", logins.get(0).token(), null).assertOk(204);
        api.login("bob", "label-10");
        api.tryLogin("bob", "bob", "label-11", "c").assertProblem(409, "SESSION_LIMIT");
    }

    @Test
    void theCapWithRejectRefusesUnderMulti(@ArquillianResource @OperateOnDeployment("reject") URL base) {
        Api api = new Api(base);
        List<Api.Login> logins = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            logins.add(api.login("carol", "web"));
        }
        JsonObject refused = api.tryLogin("carol", "carol", "web", "c").assertProblem(409, "SESSION_LIMIT");
        assertEquals(5, refused.getInt("maxSessions"));
        logins.forEach(login -> api.get("auth/me", login.token()).assertOk(200));
    }

    @Test
    void theCapEvictsTheOldestUnderPerDeviceType(@ArquillianResource @OperateOnDeployment("evict") URL base) {
        Api api = new Api(base);
        List<Api.Login> logins = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            logins.add(api.login("carol", "type-" + i));
        }
        api.get("auth/me", logins.get(0).token()).assertProblem(401, "REPLACED");
        api.get("auth/me", logins.get(1).token()).assertProblem(401, "REPLACED");
        for (int i = 2; i < 7; i++) {
            api.get("auth/me", logins.get(i).token()).assertOk(200);
        }
        Api.Login again = api.login("carol", "type-6");
        assertEquals(List.of(logins.get(6).sessionId()), again.body().getJsonArray("replaced").getValuesAs(
                jakarta.json.JsonString.class).stream().map(jakarta.json.JsonString::getString).toList(),
                "the policy's own replacement, not a cap eviction");
    }

    private static String login(Api api, int i) {
        Reply reply = api.tryLogin("alice", "alice", "web", "flood-" + i);
        return reply.assertOk(200).getString("token");
    }

    /** {@link #MEASURED} logins one after another from {@code from}, each timed (ms). */
    private static long[] timedLogins(Api api, String[] tokens, int from) {
        long[] nanos = new long[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            long start = System.nanoTime();
            tokens[from + i] = login(api, from + i);
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }

    /** Runs {@code task} for indexes {@code from} .. {@code from + count - 1} on the pool, bounded in time. */
    private static void parallel(int from, int count, IntFunction<Void> task) throws Exception {
        List<Future<Void>> futures = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            int index = i;
            futures.add(POOL.submit(() -> task.apply(index)));
        }
        long deadline = System.nanoTime() + Duration.ofMinutes(8).toNanos();
        for (Future<Void> future : futures) {
            future.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    private static double percentile(long[] nanos, int percent) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * percent / 100)] / 1e6;
    }

    /** Reads that walk a user's sessions or tombstones (only the login scripts run them here). */
    private static long walkCommands(Map<String, Long> before, Map<String, Long> after) {
        long total = 0;
        for (String command : List.of("hget", "zrange", "zrangebyscore")) {
            total += after.getOrDefault(command, 0L) - before.getOrDefault(command, 0L);
        }
        return total;
    }

    private static Map<String, Long> redisCalls() {
        return RedisCommandStats.calls();
    }
}
