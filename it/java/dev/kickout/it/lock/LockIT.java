package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/** Edit locks over HTTP: acquire, renew, heartbeat, holder-only release, force release, fences, logout. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockIT {

    private static final RedisKeys KEYS = RedisKeys.withPrefix("locks");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", KEYS.prefix(), "kickout.login.policy", "MULTI"));
    }

    @ArquillianResource
    URL base;

    Api api;
    Login alice;
    Login bob;
    String admin;
    String path;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        alice = api.login("alice", "web");
        bob = api.login("bob", "web");
        admin = api.login("admin", "web").token();
        path = "locks/order/" + UUID.randomUUID();
    }

    @Test
    void acquireAnswersTheLockWithItsTokenAndFence() {
        Reply reply = api.post(path, alice.token(), null);
        JsonObject lock = reply.assertOk(201);
        assertEquals("order", lock.getString("type"));
        assertEquals("alice", lock.getJsonObject("holder").getString("userId"));
        assertEquals(alice.sessionId(), lock.getJsonObject("holder").getString("sessionId"));
        assertEquals(30, lock.getInt("heartbeatSeconds"));
        assertTrue(lock.getString("lockToken").length() >= 43);
        assertTrue(lock.getJsonNumber("fence").longValue() >= 1);
        Instant.parse(lock.getString("expiresAt"));

        JsonObject seen = api.get(path, bob.token()).assertOk(200);
        assertFalse(seen.containsKey("lockToken"), "nobody else ever sees the token");
        assertEquals(lock.getJsonNumber("fence"), seen.getJsonNumber("fence"));
    }

    @Test
    void theSameSessionRenewsAndOthersAreRefusedWithTheHolder() {
        JsonObject first = api.post(path, alice.token(), null).assertOk(201);

        JsonObject again = api.post(path, alice.token(), null).assertOk(200);
        assertEquals(first.getJsonNumber("fence"), again.getJsonNumber("fence"));
        assertNotEquals(first.getString("lockToken"), again.getString("lockToken"));
        lockCall("heartbeat", "PUT", alice.token(), first.getString("lockToken")).assertProblem(409, "LOCK_LOST");

        JsonObject held = api.post(path, bob.token(), null).assertProblem(423, "LOCK_HELD");
        assertEquals("alice", held.getJsonObject("holder").getString("userId"));
        assertEquals("alice", held.getJsonObject("holder").getString("username"));
        Instant.parse(held.getJsonObject("holder").getString("since"));
        Instant.parse(held.getJsonObject("holder").getString("expiresAt"));
    }

    @Test
    void onlyTheHolderRenewsOrReleases() {
        String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");

        lockCall("heartbeat", "PUT", bob.token(), token).assertProblem(423, "LOCK_HELD");
        lockCall("", "DELETE", bob.token(), token).assertProblem(423, "LOCK_HELD");
        lockCall("", "DELETE", alice.token(), "forged-token").assertProblem(423, "LOCK_HELD");
        lockCall("", "DELETE", alice.token(), null).assertProblem(423, "LOCK_HELD");
        assertEquals("alice", api.get(path, bob.token()).assertOk(200).getJsonObject("holder").getString("userId"));

        JsonObject beat = lockCall("heartbeat", "PUT", alice.token(), token).assertOk(200);
        assertEquals("alice", beat.getJsonObject("holder").getString("userId"));
        lockCall("", "DELETE", alice.token(), token).assertOk(204);
        api.get(path, bob.token()).assertProblem(404, "NOT_LOCKED");
        JsonObject lost = lockCall("heartbeat", "PUT", alice.token(), token).assertProblem(409, "LOCK_LOST");
        assertEquals("RELEASED", lost.getString("reason"));
    }

    @Test
    void fencesGrowWithEveryNewHolder() {
        long previous = 0;
        for (Login who : List.of(alice, bob, alice, bob)) {
            JsonObject lock = api.post(path, who.token(), null).assertOk(201);
            long fence = lock.getJsonNumber("fence").longValue();
            assertTrue(fence > previous, fence + " after " + previous);
            previous = fence;
            lockCall("", "DELETE", who.token(), lock.getString("lockToken")).assertOk(204);
        }
    }

    @Test
    void forceReleaseKillsTheTokenAtOnceThenFreesTheResource() {
        JsonObject lock = api.post(path, alice.token(), null).assertOk(201);
        String token = lock.getString("lockToken");
        String id = path.substring(path.lastIndexOf('/') + 1);

        JsonObject released = api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"stuck editor\"}")
                .assertOk(200).getJsonObject("released");
        assertEquals("alice", released.getJsonObject("holder").getString("userId"));

        for (String[] call : new String[][] {{"heartbeat", "PUT"}, {"", "DELETE"}, {"", "GET"}}) {
            JsonObject lost = lockCall(call[0], call[1], alice.token(), token).assertProblem(409, "LOCK_LOST");
            assertEquals("FORCE_RELEASED", lost.getString("reason"));
            assertEquals("admin", lost.getString("by"));
        }
        Reply taken = awaitNot423(() -> api.post(path, bob.token(), null));
        assertTrue(taken.assertOk(201).getJsonNumber("fence").longValue() > lock.getJsonNumber("fence").longValue());
        assertEquals("FORCE_RELEASED", lockCall("heartbeat", "PUT", alice.token(), token).json().getString("reason"));

        JsonObject audit = api.get("admin/audit?limit=20", admin).json().getJsonArray("items").stream()
                .map(JsonValue::asJsonObject).filter(e -> e.getString("action").equals("LOCK_FORCE_RELEASE"))
                .filter(e -> e.getString("target").equals("lock:order/" + id)).findFirst().orElseThrow();
        assertEquals("stuck editor", audit.getString("reason"));
        api.post("admin/locks/order/" + id + "/release", alice.token(), "{\"reason\":\"x\"}").assertProblem(403, "FORBIDDEN");
        api.post("admin/locks/order/nothing-here/release", admin, "{\"reason\":\"x\"}").assertProblem(404, "NOT_LOCKED");
    }

    @Test
    void adminListsLocksByTypeAndHolder() {
        api.post(path, alice.token(), null).assertOk(201);
        JsonObject all = api.get("admin/locks?type=order&userId=alice", admin).assertOk(200);
        assertTrue(all.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .anyMatch(l -> path.endsWith(l.getString("id"))));
        assertTrue(all.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .allMatch(l -> l.getJsonObject("holder").getString("userId").equals("alice")
                        && !l.containsKey("lockToken")));
        assertEquals(0, api.get("admin/locks?type=contract&userId=nobody", admin).assertOk(200).getInt("total"));
        api.get("admin/locks", bob.token()).assertProblem(403, "FORBIDDEN");
    }

    @Test
    void loggingOutReleasesTheSessionsLocks() {
        Login carol = api.login("carol", "web");
        String token = api.post(path, carol.token(), null).assertOk(201).getString("lockToken");

        api.post("auth/logout", carol.token(), null).assertOk(204);

        api.get(path, bob.token()).assertProblem(404, "NOT_LOCKED");
        api.post(path, bob.token(), null).assertOk(201);
        Login carolAgain = api.login("carol", "web");
        assertEquals("RELEASED", lockCall("heartbeat", "PUT", carolAgain.token(), token).json().getString("reason"));
    }

    /**
     * An acquire's steps go to Redis in one batch (off a Cluster): the claim, the lock's script, the
     * holding and the index entry. When some of them meet NOSCRIPT (a Redis that lost its script cache)
     * they run after the others; the acquire or renewal still answers the lock, listed for the admins
     * with its new token (its release unlists it) and counted as the session's (its logout releases it).
     */
    @ParameterizedTest
    @CsvSource({"LOCK_ACQUIRE, false", "LOCK_CLAIM, false", "LOCK_ACQUIRE, true", "LOCK_CLAIM, true"})
    void anAcquireWhoseStepsRanOutOfOrderStillHoldsTheLock(String uncached, boolean renewal) {
        Login carol = api.login("carol", "web");
        if (renewal) {
            api.post(path, carol.token(), null).assertOk(201);
        }
        TestRedis.client().getScript().scriptFlush();
        for (Script script : List.of(Script.LOCK_CLAIM, Script.LOCK_ACQUIRE, Script.LOCK_HOLD, Script.LOCK_INDEX)) {
            if (!script.name().equals(uncached)) {
                TestRedis.client().getScript().scriptLoad(script.source());
            }
        }
        String token = api.post(path, carol.token(), null).assertOk(renewal ? 200 : 201).getString("lockToken");

        assertTrue(listedFor("carol"), "listed for the admins");
        lockCall("", "DELETE", carol.token(), token).assertOk(204);
        String id = path.substring(path.lastIndexOf('/') + 1);
        assertNull(TestRedis.client().getScoredSortedSet(KEYS.locksIndex(RedisKeys.indexShardOfLock("order", id)),
                StringCodec.INSTANCE).getScore("order/" + id), "the release unlisted it: the index knew the new token");
        String again = api.post(path, carol.token(), null).assertOk(201).getString("lockToken");
        lockCall("heartbeat", "PUT", carol.token(), again).assertOk(200);
        api.post("auth/logout", carol.token(), null).assertOk(204);
        api.post(path, bob.token(), null).assertOk(201);
    }

    private boolean listedFor(String userId) {
        return api.get("admin/locks?type=order&userId=" + userId, admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject).anyMatch(l -> path.endsWith(l.getString("id")));
    }

    @Test
    void aKickReleasesTheSessionsLocks() {
        Login carol = api.login("carol", "kiosk");
        api.post(path, carol.token(), null).assertOk(201);

        api.delete("admin/sessions/" + carol.sessionId() + "?reason=gone", admin).assertOk(200);

        api.get(path, bob.token()).assertProblem(404, "NOT_LOCKED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"order/a*b", "order/a:b", "order/%7Bx%7D", "order/a%0Ab", "order/a%20b", "Order/1",
            "order/%C3%BC", "9order/1", "order/" + "x129xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})
    void hostileResourceIdsAreRefusedAndCreateNothing(String resource) {
        long keysBefore = lockKeys();
        api.post("locks/" + resource, alice.token(), null).assertProblem(400, "INVALID_REQUEST");
        api.get("locks/" + resource, alice.token()).assertProblem(400, "INVALID_REQUEST");
        lockCall("heartbeat", "PUT", alice.token(), "t", "locks/" + resource).assertProblem(400, "INVALID_REQUEST");
        assertEquals(keysBefore, lockKeys());
    }

    private long lockKeys() {
        return TestRedis.client().getKeys().getKeysStream(KeysScanOptions.defaults().pattern("locks:{lock:*")).count();
    }

    private Reply lockCall(String sub, String method, String token, String lockToken) {
        return lockCall(sub, method, token, lockToken, path);
    }

    private Reply lockCall(String sub, String method, String token, String lockToken, String lockPath) {
        HttpRequest.Builder request = api.request(sub.isEmpty() ? lockPath : lockPath + "/" + sub, token);
        if (lockToken != null) {
            request.header("X-Lock-Token", lockToken);
        }
        return api.send(request.method(method, HttpRequest.BodyPublishers.noBody()));
    }

    /** Repeats the call until the answer is no longer 423 (the force-release grace passing), for at most 10 s. */
    private static Reply awaitNot423(Supplier<Reply> call) {
        return Wait.until(Duration.ofSeconds(10), last -> "an answer other than 423 once the force-release grace"
                + " passed; last: " + last.status() + " " + last.body(), call, reply -> reply.status() != 423);
    }
}
