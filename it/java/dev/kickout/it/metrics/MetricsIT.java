package dev.kickout.it.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/**
 * The module's metrics as an operator scrapes them (WildFly: Micrometer's Prometheus registry on the
 * management port; Payara: MicroProfile Metrics on the HTTP port): a scripted scenario of logins,
 * a kick, refusals, a 503 from a hung Redis, locks, streams, replays and sweeps, then the counts must
 * have moved by exactly what the scenario did (the deployment has its own key prefix and only this
 * test sends it requests). Every refusal the test sees is tallied and compared with
 * {@code kickout_refusals_total}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class MetricsIT {

    private static final String PREFIX = "metrics";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.cleanup.interval", "PT1S", "kickout.lock.force-release-grace", "PT0S"));
    }

    @ArquillianResource
    URL base;

    /** (status code) of every problem this test received, to compare with the refusal counters. */
    private final Map<String, Integer> refusals = new TreeMap<>();
    private Api api;
    private URI endpoint;

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
    }

    @Test
    void theScenarioMovesEveryCounterByExactlyWhatItDid() throws Exception {
        api = new Api(base);
        endpoint = ServerUnderTest.current().metrics(base);
        Scrape before = Scrape.of(endpoint);

        // logins: 4 ok here and carol later (alice twice on web: the second replaces the first), 2 refused
        Login admin = api.login("admin", "console");
        Login alice1 = api.login("alice", "web");
        Login alice = api.login("alice", "web");
        Login bob = api.login("bob", "desk");
        tally(api.tryLogin("alice", "wrong", "web", "it-web")).assertProblem(401, "BAD_CREDENTIALS");
        tally(api.tryLogin("bob", "wrong", "desk", "it-desk")).assertProblem(401, "BAD_CREDENTIALS");

        // a kick, and refused requests (401 by code)
        api.delete("admin/sessions/" + bob.sessionId() + "?reason=metrics", admin.token()).assertOk(200);
        tally(api.get("auth/status", bob.token())).assertProblem(401, "KICKED");
        tally(api.get("auth/status", alice1.token())).assertProblem(401, "REPLACED");
        tally(api.get("auth/status", null)).assertProblem(401, "TOKEN_MISSING");
        tally(api.get("auth/status", "not-a-token")).assertProblem(401, "TOKEN_INVALID");

        // locks: acquire, renew, conflict, force release (the holder's open stream hears it)
        Login carol = api.login("carol", "tablet");
        String id = "m-" + UUID.randomUUID();
        api.post("locks/order/" + id, alice.token(), null).assertOk(201);
        api.post("locks/order/" + id, alice.token(), null).assertOk(200);
        tally(api.post("locks/order/" + id, carol.token(), null)).assertProblem(423, "LOCK_HELD");
        String releasedId;
        try (EventStream stream = EventStream.open(api.request("events", alice.token()))) {
            assertEquals(200, stream.status(), stream::body);
            awaitValue("kickout_streams_open", 1);
            api.post("admin/locks/order/" + id + "/release", admin.token(), "{\"reason\":\"metrics\"}").assertOk(200);
            Event released = stream.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", released.type());
            releasedId = released.id();
        }
        // replays: one from a kept event, one from an event the log no longer has
        try (EventStream resumed = EventStream.open(api.request("events", alice.token()).header("Last-Event-ID", releasedId))) {
            assertEquals(200, resumed.status(), resumed::body);
        }
        try (EventStream lost = EventStream.open(api.request("events", alice.token()).header("Last-Event-ID", "1-0"))) {
            assertEquals(200, lost.status(), lost::body);
        }

        // 503: Redis hangs; then every request until service returns is tallied too
        TestRedis.hang();
        // alice's token is in the near cache: answered until its fence falls (within its silence), then 503
        Reply refused = Wait.until(Duration.ofSeconds(10), last -> "the near cache's fence to fall: an answer other than 200",
                () -> api.get("auth/status", alice.token()), reply -> reply.status() != 200);
        tally(refused).assertProblem(503, "STORE_UNAVAILABLE");
        TestRedis.resume();
        awaitOk(() -> api.get("auth/status", alice.token()));

        // a stale index entry of an expired lock, for the sweeper (every second here) to find
        RedisKeys keys = RedisKeys.withPrefix(PREFIX);
        TestRedis.client().getScoredSortedSet(keys.locksIndex(RedisKeys.indexShardOfLock("order", "gone")),
                StringCodec.INSTANCE).add(1, "order/gone");

        // sessions online: admin, alice (web), carol; alice's first was replaced, bob's kicked
        awaitValue("kickout_sessions_online", 3);
        awaitValue("kickout_lock_expiries_total", before.value("kickout_lock_expiries_total") + 1);
        Scrape after = awaitScrape("both revocations delivered", scrape ->
                delta(before, scrape, "kickout_revocations_total", "code", "KICKED") == 1
                        && delta(before, scrape, "kickout_revocations_total", "code", "REPLACED") == 1);

        assertDelta(before, after, 5, "kickout_logins_total", "outcome", "ok");
        assertDelta(before, after, 2, "kickout_logins_total", "outcome", "bad_credentials");
        assertDelta(before, after, 1, "kickout_lock_acquires_total", "outcome", "acquired");
        assertDelta(before, after, 1, "kickout_lock_acquires_total", "outcome", "renewed");
        assertDelta(before, after, 1, "kickout_lock_conflicts_total");
        assertDelta(before, after, 1, "kickout_lock_force_releases_total");
        assertDelta(before, after, 1, "kickout_replays_total");
        assertDelta(before, after, 1, "kickout_replay_misses_total");
        assertDelta(before, after, 5, "kickout_redis_script_seconds_count", "script", "login");
        refusals.forEach((statusAndCode, count) -> {
            String[] parts = statusAndCode.split(" ");
            assertDelta(before, after, count, "kickout_refusals_total", "status", parts[0], "code", parts[1]);
        });
        assertTrue(delta(before, after, "kickout_sweeps_total") >= 1, "sweeps ran");
        assertTrue(delta(before, after, "kickout_sweep_removals_total", "what", "lock_index") >= 1, "the stale entry went");

        String server = ServerUnderTest.current().name().toLowerCase(Locale.ROOT);

        // sessions online costs one ZCOUNT per index shard per 5 s at most, however often it is scraped
        long zcountsBefore = RedisCommandStats.calls().getOrDefault("zcount", 0L);
        long start = System.nanoTime();
        int scrapes = 20;
        for (int i = 0; i < scrapes; i++) {
            assertEquals(3, Scrape.of(endpoint).value("kickout_sessions_online"));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        long zcounts = RedisCommandStats.calls().getOrDefault("zcount", 0L) - zcountsBefore;
        assertTrue(zcounts <= RedisKeys.INDEX_SHARDS * (1 + millis / 5_000), zcounts + " ZCOUNTs in " + millis + " ms");
        System.out.printf("[figure] metrics %s: %d scrapes in %d ms cost %d ZCOUNT commands (%d index shards)%n",
                server, scrapes, millis, zcounts, RedisKeys.INDEX_SHARDS);
        after.series().forEach((series, value) -> {
            boolean detail = series.contains("quantile") || series.contains("_max")
                    || series.startsWith("kickout_redis_script_histogram") && !series.contains("script=\"login\"");
            if (!detail) {
                System.out.printf("[figure] metrics %s: %s=%s%n", server, series, value);
            }
        });
    }

    private Reply tally(Reply reply) {
        if (reply.status() >= 400) {
            refusals.merge(reply.status() + " " + reply.code(), 1, Integer::sum);
        }
        return reply;
    }

    /** Polls until 200, tallying the 503s on the way (the breaker may refuse until its probe). */
    private void awaitOk(Supplier<Reply> call) {
        Wait.until(WAIT, last -> "a 200; last: " + last.status() + " " + last.body(), () -> {
            Reply reply = tally(call.get());
            if (reply.status() != 200) {
                assertEquals(503, reply.status(), reply::body);
            }
            return reply;
        }, reply -> reply.status() == 200);
    }

    private void awaitValue(String series, double expected) {
        awaitScrape(series + " = " + expected, scrape -> scrape.value(series) == expected);
    }

    private Scrape awaitScrape(String what, Predicate<Scrape> condition) {
        return Wait.until(WAIT, last -> what + "; last scrape:\n" + last.series(), () -> Scrape.of(endpoint), condition);
    }

    private static double delta(Scrape before, Scrape after, String name, String... labels) {
        return after.value(name, labels) - before.value(name, labels);
    }

    private static void assertDelta(Scrape before, Scrape after, double expected, String name, String... labels) {
        assertEquals(expected, delta(before, after, name, labels), () -> Scrape.key(name, labels) + " in\n" + after.series());
    }
}
