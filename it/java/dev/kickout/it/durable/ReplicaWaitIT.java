package dev.kickout.it.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.client.codec.StringCodec;

/**
 * Decisions confirmed only once a replica has them ({@code kickout.redis.wait-replicas=1}), on the
 * single test Redis with a real replica of it (port: the test Redis's + 10): kicks, logouts, force
 * releases and lock acquires answer 200 with the decision already on the replica; with the replica
 * frozen (SIGSTOP) or gone they answer 503 STORE_UNAVAILABLE within the wait's bound, never 500,
 * while authenticated requests (which never wait) keep working. A second deployment on the same
 * Redis without the wait gives the latency the wait adds.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ReplicaWaitIT {

    private static final String PREFIX = "durable";
    private static final Duration WAIT_TIMEOUT = Duration.ofSeconds(2);
    /** Slack for a loaded 2-core machine on top of the wait itself; a 503 later than this fails. */
    private static final Duration MARGIN = Duration.ofSeconds(4);
    private static final int SAMPLES = 60;
    /**
     * "Little": what the wait may add at the median, a kick over HTTP and one script from this JVM. A
     * loopback replica acknowledges in well under a millisecond; these bounds leave room for a loaded
     * machine and still fail a wait that costs a timeout, a poll or a second round of replication.
     */
    private static final double LITTLE_OVER_HTTP_MS = 25;
    private static final double LITTLE_AT_REDIS_MS = 5;
    /** Seeded documents of the reference app that no other IT saves (the database is the server's, shared). */
    private static final String SAVED = "doc-13";
    private static final String UNSAVED = "doc-7";

    private static TestReplica replica;

    @Deployment(name = "wait", testable = false)
    static WebArchive waiting() {
        return Deployments.referenceWar("durable.war", Map.of("kickout.key-prefix", PREFIX,
                "kickout.login.policy", "MULTI",
                "kickout.redis.wait-replicas", "1",
                "kickout.redis.wait-timeout", "PT2S",
                // a force-released lock stays RELEASING this long: what the replica must show
                "kickout.lock.force-release-grace", "PT30S"));
    }

    @Deployment(name = "nowait", testable = false)
    static WebArchive notWaiting() {
        // single server, wait-replicas left at auto: 0, decisions never wait
        return Deployments.referenceWar("nowait.war", Map.of("kickout.key-prefix", "nowait",
                "kickout.login.policy", "MULTI"));
    }

    @ArquillianResource
    @OperateOnDeployment("wait")
    URL waitBase;

    @ArquillianResource
    @OperateOnDeployment("nowait")
    URL noWaitBase;

    Api api;
    String admin;

    @BeforeEach
    void setUp() {
        if (replica == null) {
            replica = TestReplica.start(TestRedis.port() + 10, TestRedis.port(), Duration.ofSeconds(60));
        }
        api = new Api(waitBase);
        admin = api.login("admin", "web").token();
    }

    @AfterEach
    void thaw() {
        if (replica != null) {
            replica.thaw();
        }
    }

    @AfterAll
    static void stopReplica() {
        if (replica != null) {
            replica.close();
            replica = null;
        }
    }

    /**
     * Each kind of decision is sent with the replica frozen: it must still be waiting (blocked in WAIT)
     * while the replica cannot have it, answer only once the replica is thawed, and the replica then has
     * it. A loopback replica copies a write within microseconds, so only this order shows the wait.
     */
    @Test
    void everyDecisionAnswersOnlyOnceTheReplicaHasIt() {
        Login kicked = api.login("alice", "web");
        onlyAfterTheReplica(() -> api.delete("admin/sessions/" + kicked.sessionId() + "?reason=durable", admin)).assertOk(200);
        assertTombstone(replica.client(), "alice", kicked.sessionId(), "KICKED");

        Login gone = api.login("bob", "web");
        onlyAfterTheReplica(() -> api.post("admin/users/bob/logout", admin, "{\"reason\":\"durable\"}")).assertOk(200);
        assertTombstone(replica.client(), "bob", gone.sessionId(), "KICKED");

        Login out = api.login("alice", "web");
        onlyAfterTheReplica(() -> api.post("auth/logout", out.token(), null)).assertOk(204);
        assertTombstone(replica.client(), "alice", out.sessionId(), "LOGGED_OUT");

        JsonObject login = onlyAfterTheReplica(() -> api.tryLogin("alice", "alice", "web", "it-web")).assertOk(200);
        Login editor = new Login(login.getString("token"), login.getJsonObject("session").getString("sessionId"), login);
        assertNotNull(UserRecords.live(UserRecords.read(replica.client(), PREFIX, "alice"), editor.sessionId()),
                "the replica has the login's session");
        String id = UUID.randomUUID().toString();
        JsonObject lock = onlyAfterTheReplica(() -> api.post("locks/order/" + id, editor.token(), null)).assertOk(201);
        Map<String, String> onReplica = lockHash(replica.client(), id);
        assertEquals("HELD", onReplica.get("state"));
        assertEquals(lock.getJsonNumber("fence").toString(), onReplica.get("fence"), "the replica has the fence answered");

        onlyAfterTheReplica(() -> api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"durable\"}"))
                .assertOk(200);
        assertEquals("RELEASING", lockHash(replica.client(), id).get("state"), "the replica has the force release");

        String token = acquire(SAVED, editor);
        String title = "saved " + UUID.randomUUID();
        JsonObject saved = onlyAfterTheReplica(() -> save(SAVED, editor, token, title)).assertOk(200);
        assertEquals(saved.getJsonNumber("lastFence").toString(), lockHash(replica.client(), "document", SAVED).get("fence"),
                "the replica has the save's fence");
        release(SAVED, editor, token);
    }

    /** Sends a decision with the replica frozen; it must wait in Redis's WAIT until the replica is thawed. */
    private static Reply onlyAfterTheReplica(Supplier<Reply> decision) {
        replica.freeze();
        try {
            CompletableFuture<Reply> answer = CompletableFuture.supplyAsync(decision);
            // the request now waits in Redis's WAIT (a blocked client on the master) for the frozen replica
            TestReplica.await(() -> blockedClients() > 0 || answer.isDone(), Duration.ofSeconds(30),
                    "the decision never blocked in WAIT");
            assertFalse(answer.isDone(), () -> "answered without the replica: " + answer.join().status() + " "
                    + answer.join().body());
            replica.thaw();
            return answer.join();
        } finally {
            replica.thaw();
        }
    }

    @Test
    void aFrozenReplicaTurnsDecisionsInto503WithinTheBound() {
        Login alice = api.login("alice", "web");
        Login editor = api.login("alice", "web");
        String held = UUID.randomUUID().toString();
        api.post("locks/order/" + held, editor.token(), null).assertOk(201);
        String documentToken = acquire(UNSAVED, editor);
        String title = api.get("app/documents/" + UNSAVED, editor.token()).assertOk(200).getString("title");
        replica.freeze();

        long kickMillis = assertUnconfirmed(() -> api.delete("admin/sessions/" + alice.sessionId() + "?reason=durable", admin));
        long releaseMillis = assertUnconfirmed(() -> api.post("admin/locks/order/" + held + "/release", admin,
                "{\"reason\":\"durable\"}"));
        String fresh = UUID.randomUUID().toString();
        long acquireMillis = assertUnconfirmed(() -> api.post("locks/order/" + fresh, editor.token(), null));
        long saveMillis = assertUnconfirmed(() -> save(UNSAVED, editor, documentToken, "never saved"));
        System.out.println("[figure] ReplicaWaitIT: 503 with the replica frozen (wait-timeout "
                + WAIT_TIMEOUT.toMillis() + " ms): kick " + kickMillis + " ms, force release " + releaseMillis
                + " ms, lock acquire " + acquireMillis + " ms, save " + saveMillis + " ms");

        // authentication never waits for replicas: the editor's requests go on, the kick stands on the master
        long start = System.nanoTime();
        api.get("auth/me", editor.token()).assertOk(200);
        System.out.println("[figure] ReplicaWaitIT: authenticated request with the replica frozen: "
                + (System.nanoTime() - start) / 1_000_000 + " ms");
        api.get("auth/me", alice.token()).assertProblem(401, "KICKED");

        replica.thaw();
        // once it acknowledges again: the decision reaches the replica, and a retry is safe
        TestReplica.await(() -> tombstone(replica.client(), "alice", alice.sessionId()) != null, Duration.ofSeconds(30),
                "the unconfirmed kick never reached the replica");
        api.delete("admin/sessions/" + alice.sessionId() + "?reason=durable", admin).assertProblem(404, "NOT_FOUND");
        // the unconfirmed acquire holds the lock on the master for the same session: a retry takes it over
        api.post("locks/order/" + fresh, editor.token(), null).assertOk(200);
        assertEquals(title, api.get("app/documents/" + UNSAVED, editor.token()).assertOk(200).getString("title"),
                "a save whose fence was not confirmed never ran");
        release(UNSAVED, editor, documentToken);
    }

    @Test
    void noReplicaAtAllIs503() {
        Login alice = api.login("alice", "web");
        replica.close();
        replica = null;
        TestReplica.await(() -> "0".equals(masterInfo(RedisNode.InfoSection.REPLICATION).get("connected_slaves")),
                Duration.ofSeconds(30), "the master still counts a replica");
        long millis = assertUnconfirmed(() -> api.delete("admin/sessions/" + alice.sessionId() + "?reason=durable", admin));
        System.out.println("[figure] ReplicaWaitIT: 503 without any replica: kick " + millis + " ms");
        api.tryLogin("bob", "bob", "web", "it-web").assertProblem(503, "STORE_UNAVAILABLE");
    }

    @Test
    void theWaitAddsLittleToAKick() {
        Api plain = new Api(noWaitBase);
        String plainAdmin = plain.login("admin", "web").token();
        List<Long> waiting = new ArrayList<>();
        List<Long> notWaiting = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) { // interleaved, so that load from other builds hits both alike
            waiting.add(kickMicros(api, admin));
            notWaiting.add(kickMicros(plain, plainAdmin));
        }
        System.out.printf(Locale.ROOT, "[figure] ReplicaWaitIT: kick over HTTP, %d kicks each, p50/p90: with WAIT for 1 replica"
                        + " %.1f/%.1f ms, without %.1f/%.1f ms; added at p50 %.1f ms%n", SAMPLES,
                percentile(waiting, 50), percentile(waiting, 90), percentile(notWaiting, 50), percentile(notWaiting, 90),
                percentile(waiting, 50) - percentile(notWaiting, 50));
        assertTrue(percentile(waiting, 50) - percentile(notWaiting, 50) <= LITTLE_OVER_HTTP_MS,
                "the wait added more than " + LITTLE_OVER_HTTP_MS + " ms to a kick at p50");
    }

    @Test
    void theWaitAddsLittleAtTheRedisLevel() {
        // the same one-write script, as RedisStore sends it with and without the wait, from this JVM
        RedissonClient redis = TestRedis.client();
        String script = "return redis.call('INCR', KEYS[1])";
        List<Object> key = List.of(PREFIX + ":it:wait-cost");
        List<Long> waiting = new ArrayList<>();
        List<Long> notWaiting = new ArrayList<>();
        for (int i = 0; i < 10 * SAMPLES; i++) {
            long start = System.nanoTime();
            RBatch batch = redis.createBatch(BatchOptions.defaults().sync(1, WAIT_TIMEOUT));
            batch.getScript(StringCodec.INSTANCE).evalAsync(RScript.Mode.READ_WRITE, script, RScript.ReturnType.LONG, key);
            assertEquals(1, batch.execute().getSyncedSlaves(), "the replica acknowledged");
            waiting.add((System.nanoTime() - start) / 1_000);
            start = System.nanoTime();
            redis.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE, script, RScript.ReturnType.LONG, key);
            notWaiting.add((System.nanoTime() - start) / 1_000);
        }
        redis.getBucket(key.get(0).toString()).delete();
        System.out.printf(Locale.ROOT, "[figure] ReplicaWaitIT: one script at the Redis level, %d calls each, p50/p90:"
                        + " script + WAIT 1 in one batch %.2f/%.2f ms, script alone %.2f/%.2f ms%n", 10 * SAMPLES,
                percentile(waiting, 50), percentile(waiting, 90), percentile(notWaiting, 50), percentile(notWaiting, 90));
        assertTrue(percentile(waiting, 50) - percentile(notWaiting, 50) <= LITTLE_AT_REDIS_MS,
                "WAIT added more than " + LITTLE_AT_REDIS_MS + " ms to a script at p50");
    }

    /** Asserts a 503 STORE_UNAVAILABLE with Retry-After, after the wait and within its bound; answers its time. */
    private static long assertUnconfirmed(Supplier<Reply> decision) {
        long start = System.nanoTime();
        Reply reply = decision.get();
        long millis = (System.nanoTime() - start) / 1_000_000;
        reply.assertProblem(503, "STORE_UNAVAILABLE");
        assertNotNull(reply.header("Retry-After"), "503 without Retry-After");
        assertTrue(millis >= WAIT_TIMEOUT.toMillis() - 100, "answered after " + millis + " ms: it did not wait");
        assertTrue(millis <= WAIT_TIMEOUT.plus(MARGIN).toMillis(), "answered after " + millis + " ms");
        return millis;
    }

    /** Logs alice in and times the admin's kick of that session, in µs. */
    private static long kickMicros(Api api, String admin) {
        Login alice = api.login("alice", "web");
        long start = System.nanoTime();
        api.delete("admin/sessions/" + alice.sessionId() + "?reason=latency", admin).assertOk(200);
        return (System.nanoTime() - start) / 1_000;
    }

    /** The p-th percentile, in milliseconds. */
    private static double percentile(List<Long> micros, int p) {
        List<Long> sorted = micros.stream().sorted().toList();
        long value = sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
        return value / 1000.0;
    }

    private static void assertTombstone(RedissonClient replica, String userId, String sessionId, String code) {
        String tombstone = tombstone(replica, userId, sessionId);
        assertNotNull(tombstone, "the replica has no tombstone of " + sessionId);
        assertTrue(tombstone.contains("\"" + code + "\""), tombstone);
        assertNull(UserRecords.live(UserRecords.read(replica, PREFIX, userId), sessionId),
                "the replica still has the live session");
    }

    private static String tombstone(RedissonClient redis, String userId, String sessionId) {
        return redis.<String, String>getMap(PREFIX + ":{" + RedisKeys.userTag(userId) + "}:h", StringCodec.INSTANCE)
                .get("x:" + sessionId);
    }

    private static Map<String, String> lockHash(RedissonClient redis, String id) {
        return lockHash(redis, "order", id);
    }

    private static Map<String, String> lockHash(RedissonClient redis, String type, String id) {
        return redis.<String, String>getMap(PREFIX + ":{lock:" + type + ":" + id + "}:h", StringCodec.INSTANCE)
                .readAllMap();
    }

    private String acquire(String document, Login who) {
        Reply reply = api.post("locks/document/" + document, who.token(), null);
        assertTrue(reply.status() == 201 || reply.status() == 200, reply::body);
        return reply.json().getString("lockToken");
    }

    private void release(String document, Login who, String lockToken) {
        Reply reply = api.send(api.request("locks/document/" + document, who.token(), lockToken).DELETE());
        assertEquals(204, reply.status(), reply::body);
    }

    /** A guarded save of the reference app (its fence minted by lock-save.lua) at the document's current version. */
    private Reply save(String document, Login who, String lockToken, String title) {
        long version = api.get("app/documents/" + document, who.token()).assertOk(200).getJsonNumber("version").longValue();
        String body = Json.createObjectBuilder().add("title", title).add("body", "durable").add("version", version)
                .build().toString();
        return api.send(api.request("app/documents/" + document, who.token(), lockToken)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static Map<String, String> masterInfo(RedisNode.InfoSection section) {
        return TestRedis.client().getRedisNodes(RedisNodes.SINGLE).getInstance().info(section);
    }

    private static int blockedClients() {
        return Integer.parseInt(masterInfo(RedisNode.InfoSection.CLIENTS).get("blocked_clients"));
    }
}
