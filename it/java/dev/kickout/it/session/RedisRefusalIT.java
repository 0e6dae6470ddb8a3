package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.LogId;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.LogCapture;
import dev.kickout.it.support.RedisStates;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;

/**
 * A real Redis that answers but refuses (READONLY, MASTERDOWN, BUSY, OOM, LOADING, NOSCRIPT storms):
 * login, authenticate, kick, lock acquire and heartbeat, the event ticket and stream answer 503
 * {@code STORE_UNAVAILABLE} with {@code Retry-After} or succeed, never another 5xx; the state is
 * warned about once; readiness is DOWN without naming any address; and once Redis serves again
 * the service is back by itself, its timers still running. Redis is restored after every test.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisRefusalIT {

    /** Rounds of the request mix sent while Redis refuses. */
    private static final int ROUNDS = 15;

    /**
     * Carol's repeated logins replace each other (PER_DEVICE_TYPE). Retry-After (and so the
     * warn-once quiet time) 1 s and a sweep every second, so that an episode
     * ends quickly and the sweeper's timer is seen running after each state.
     */
    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of(
                        "kickout.login.policy", "PER_DEVICE_TYPE",
                        "kickout.audit.datasource", "java:comp/DefaultDataSource",
                        "kickout.store.retry-after", "PT1S",
                        "kickout.cleanup.interval", "PT1S",
                        "kickout.filter.exclude", "/api/auth/login,/api/events,/api/app/it/log"))
                .addClass(LogCapture.class);
    }

    @ArquillianResource
    URL base;

    Api api;
    Login alice;
    Login admin;
    Login bob;
    String lockPath;
    String lockToken;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        alice = api.login("alice", "web");
        admin = api.login("admin", "web");
        bob = api.login("bob", "web");
        lockPath = "locks/order/" + UUID.randomUUID();
        lockToken = api.post(lockPath, alice.token(), null).assertOk(201).getString("lockToken");
        awaitReady();
        api.delete("app/it/log", null).assertOk(204);
    }

    @AfterEach
    void redisServesAgain() {
        RedisStates.serveNormally();
    }

    @Test
    void readOnlyReplica() {
        RedisStates.readOnly();
        recovers("READONLY", storm("READONLY"));

        // the episode ended (recovers() saw it logged and cleared the records): the next READONLY warns again
        RedisStates.readOnly();
        api.tryLogin("carol", "carol", "web", "again").assertProblem(503, "STORE_UNAVAILABLE");
        assertEquals(1L, refusalWarnings("READONLY"), () -> records().toString());
    }

    @Test
    void replicaWithoutItsMaster() {
        RedisStates.masterDown();
        recovers("MASTERDOWN", storm("MASTERDOWN"));
    }

    @Test
    void busyWithALongScript() {
        RedisStates.busy();
        recovers("BUSY", storm("BUSY"));
    }

    @Test
    void outOfMemory() {
        RedisStates.outOfMemory();
        recovers("OOM", storm("OOM"));
    }

    /** {@code DEBUG RELOAD} over 24,000 keys that load at 500 µs each: about 12 s of LOADING. */
    @Test
    void loadingItsDataSet() {
        RedisStates.loading(24_000);
        recovers("LOADING", storm("LOADING"));
    }

    /** The script cache flushed again and again while requests run: every request is served. */
    @Test
    void noScriptStormHealsByItself() {
        Map<String, Long> before = commandCalls();
        AtomicBoolean flushing = new AtomicBoolean(true);
        AtomicInteger flushes = new AtomicInteger();
        CompletableFuture<Void> flusher = CompletableFuture.runAsync(() -> {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
            while (flushing.get() && Instant.now().isBefore(deadline)) {
                assertEquals("+OK", RedisStates.command("SCRIPT", "FLUSH"));
                flushes.incrementAndGet();
            }
        });
        Map<Integer, Integer> statuses = new TreeMap<>();
        try {
            for (int i = 0; i < 100; i++) {
                count(statuses, api.get("auth/me", alice.token()));
                count(statuses, api.send(api.request(lockPath + "/heartbeat", alice.token(), lockToken)
                        .PUT(HttpRequest.BodyPublishers.noBody())));
                count(statuses, api.tryLogin("carol", "carol", "web", "flush-" + i));
            }
        } finally {
            flushing.set(false);
            flusher.join();
        }
        Map<String, Long> calls = delta(before, commandCalls());
        System.out.printf("[figure] NOSCRIPT storm: %d SCRIPT FLUSHes during 300 requests, answers %s, Redis calls"
                + " evalsha=%d script|load=%d eval=%d%n", flushes.get(), statuses, calls.getOrDefault("evalsha", 0L),
                calls.getOrDefault("script|load", 0L), calls.getOrDefault("eval", 0L));
        assertEquals(Map.of(200, 300), statuses, "every request served while the script cache was flushed");
        assertTrue(flushes.get() > 0);
        assertEquals(0L, warnings(), () -> records().toString());
    }

    /**
     * The pipelined script calls (a login's listing entry, a listing's tidying of each user) send
     * EVALSHA too: after a flushed script cache the batch runs again whole, and the listing is right.
     */
    @Test
    void pipelinedScriptsHealAfterAFlush() {
        String deviceType = "flushed" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals("+OK", RedisStates.command("SCRIPT", "FLUSH"));
        Reply login = api.tryLogin("carol", "carol", deviceType, "flush");
        String sessionId = login.assertOk(200).getJsonObject("session").getString("sessionId");

        assertEquals("+OK", RedisStates.command("SCRIPT", "FLUSH"));
        JsonObject page = api.get("admin/sessions?deviceType=" + deviceType, admin.token()).assertOk(200);
        assertEquals(1, page.getInt("total"), page::toString);
        assertEquals(sessionId, page.getJsonArray("items").getJsonObject(0).getString("sessionId"));
        assertEquals(0L, warnings(), () -> records().toString());
    }

    /**
     * The request mix, {@link #ROUNDS} times: each answer is 503 STORE_UNAVAILABLE with
     * Retry-After, or a success; a login (always a write) is refused at least once. Then the state
     * has been warned about exactly once, nothing was logged as an incident, and readiness is DOWN
     * without naming an address. Answers the count of each status.
     */
    private Map<Integer, Integer> storm(String state) {
        Map<Integer, Integer> statuses = new TreeMap<>();
        int loginRefused = 0;
        for (int i = 0; i < ROUNDS; i++) {
            Reply login = api.tryLogin("carol", "carol", "web", "storm-" + i);
            loginRefused += login.status() == 503 ? 1 : 0;
            count(statuses, login);
            count(statuses, api.get("auth/me", alice.token()));
            count(statuses, api.get("auth/status", alice.token()));
            count(statuses, api.delete("admin/sessions/" + bob.sessionId() + "?reason=storm", admin.token()));
            count(statuses, api.post("locks/order/" + UUID.randomUUID(), alice.token(), null));
            count(statuses, api.send(api.request(lockPath + "/heartbeat", alice.token(), lockToken)
                    .PUT(HttpRequest.BodyPublishers.noBody())));
            count(statuses, api.post("events/ticket", alice.token(), null));
            try (EventStream stream = EventStream.open(api.request("events", alice.token()))) {
                statuses.merge(stream.status(), 1, Integer::sum);
                if (stream.status() == 503) {
                    assertNotNull(stream.header("Retry-After"), "Retry-After of a refused stream");
                }
                assertTrue(stream.status() == 200 || stream.status() == 503, () -> "stream answered " + stream.body());
            }
        }
        System.out.printf("[figure] %s: %d requests answered %s%n", state, ROUNDS * 8,  statuses);
        assertTrue(loginRefused > 0, "no login was refused: was Redis really " + state + "?");
        assertEquals(1L, refusalWarnings(state), () -> records().toString());
        assertTrue(records().stream().noneMatch(r -> r.getString("level").equals("SEVERE")), () -> records().toString());

        Reply readiness = readiness();
        assertEquals(503, readiness.status(), readiness::body);
        assertNamesNoAddress(readiness);
        return statuses;
    }

    /** After the state ends: back by itself, with no restart; the sweeper's timer still runs. */
    private void recovers(String state, Map<Integer, Integer> statuses) {
        RedisStates.serveNormally();
        await(() -> api.tryLogin("carol", "carol", "web", "after-" + state), 200);
        api.get("auth/me", alice.token()).assertOk(200);
        api.send(api.request(lockPath + "/heartbeat", alice.token(), lockToken).PUT(HttpRequest.BodyPublishers.noBody()))
                .assertOk(200);
        api.post("locks/order/" + UUID.randomUUID(), alice.token(), null).assertOk(201);
        Reply kicked = api.delete("admin/sessions/" + bob.sessionId() + "?reason=after", admin.token());
        assertTrue(kicked.status() == 200 || kicked.status() == 404, kicked::body); // 404: a refusal let it through
        assertNamesNoAddress(awaitReady());
        String ended = LogId.REDIS_SERVES_AGAIN.message("Redis serves again after " + state);
        awaitRecord(r -> r.getString("message").startsWith(ended), "the end of " + state);
        assertTrue(records().stream().allMatch(RedisRefusalIT::leadsWithAnId),
                () -> "a record without its id: " + records());
        api.delete("app/it/log", null).assertOk(204);
        awaitRecord(r -> r.getString("message").startsWith(LogId.SWEEP_DONE + ":"), "a sweep after " + state);
        assertTrue(statuses.keySet().stream().allMatch(s -> s < 500 || s == 503), statuses::toString);
    }

    private static void count(Map<Integer, Integer> statuses, Reply reply) {
        statuses.merge(reply.status(), 1, Integer::sum);
        assertTrue(reply.status() < 500 || reply.status() == 503, () -> reply.status() + " " + reply.body());
        if (reply.status() == 503) {
            reply.assertProblem(503, "STORE_UNAVAILABLE");
            assertNotNull(reply.header("Retry-After"), "Retry-After of " + reply.body());
        }
    }

    private void assertNamesNoAddress(Reply readiness) {
        String body = readiness.body();
        for (String address : List.of("127.0.0.1", "localhost", "redis://", ":" + TestRedis.port(),
                String.valueOf(TestRedis.port()))) {
            assertFalse(body.contains(address), () -> "readiness names " + address + ": " + body);
        }
    }

    private Reply awaitReady() {
        return await(this::readiness, 200);
    }

    private Reply readiness() {
        URI readiness = ServerUnderTest.current().readiness(base);
        return new Api(readiness).send(HttpRequest.newBuilder(readiness).GET());
    }

    /** Repeats a call until it answers {@code status}, for at most 60 s; only 503 may come meanwhile. */
    private static Reply await(Supplier<Reply> call, int status) {
        return Wait.until(Duration.ofSeconds(60), last -> "a " + status + "; last: " + last.status() + " " + last.body(),
                () -> {
                    Reply reply = call.get();
                    if (reply.status() != status) {
                        assertEquals(503, reply.status(), reply::body);
                    }
                    return reply;
                }, reply -> reply.status() == status);
    }

    private void awaitRecord(Predicate<JsonObject> wanted, String what) {
        Wait.until(Duration.ofSeconds(60), () -> "a log record of " + what + " in " + records(), () -> {
            if (records().stream().anyMatch(wanted)) {
                return true;
            }
            api.get("auth/status", alice.token()); // a served call ends a refusal episode
            return false;
        });
    }

    private List<JsonObject> records() {
        Reply reply = api.get("app/it/log", null);
        assertEquals(200, reply.status(), reply::body);
        List<JsonObject> records = new ArrayList<>();
        for (JsonValue value : jakarta.json.Json.createReader(new java.io.StringReader(reply.body())).readArray()) {
            records.add(value.asJsonObject());
        }
        return records;
    }

    /** Every message of the module leads with its stable id; the audit trail's lines keep their documented format. */
    private static boolean leadsWithAnId(JsonObject record) {
        String message = record.getString("message");
        return message.matches("(?s)KICKOUT-\\d{4}: .*") || message.startsWith("kickout audit id=");
    }

    private long refusalWarnings(String state) {
        return records().stream().filter(r -> r.getString("level").equals("WARNING")
                && r.getString("logger").endsWith(".RefusalLog")
                && r.getString("message").startsWith(LogId.REDIS_REFUSING.message("Redis answers " + state))).count();
    }

    private long warnings() {
        return records().stream().filter(r -> r.getString("level").equals("WARNING")).count();
    }

    private static Map<String, Long> commandCalls() {
        RedisNode node = TestRedis.client().getRedisNodes(RedisNodes.SINGLE).getInstance();
        Map<String, Long> calls = new HashMap<>();
        node.info(RedisNode.InfoSection.COMMANDSTATS).forEach((name, stats) -> calls.put(name.replace("cmdstat_", ""),
                Long.parseLong(stats.replaceAll(".*?calls=(\\d+).*", "$1"))));
        return calls;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new HashMap<>();
        after.forEach((command, calls) -> delta.put(command, calls - before.getOrDefault(command, 0L)));
        return delta;
    }
}
