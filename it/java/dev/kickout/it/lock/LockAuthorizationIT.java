package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.lock.policy.SwitchedLockPolicy;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/**
 * Who may lock what: the host's lock policies (the reference app's, which keeps archived documents
 * read-only, and a switchable one), declared lock types, and the caps on locks per session and per
 * user under parallel acquires; other users see a holder without its session and client.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockAuthorizationIT {

    private static final String PREFIX = "lockauth";
    private static final int PER_SESSION = 3;
    private static final int PER_USER = 5;
    private static final Path REFUSED = Path.of("target", "lock-policy-refused.txt").toAbsolutePath();
    private static final AtomicInteger BY_POLICY = new AtomicInteger();
    private static final AtomicInteger BY_CAP = new AtomicInteger();

    @Deployment(testable = false)
    static WebArchive deployment() throws IOException {
        Files.deleteIfExists(REFUSED);
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "MULTI",
                        "kickout.lock.types", "order", "kickout.lock.max-per-session", String.valueOf(PER_SESSION),
                        "kickout.lock.max-per-user", String.valueOf(PER_USER), "it.lock-policy.refused-file", REFUSED.toString()))
                .addClass(SwitchedLockPolicy.class);
    }

    @ArquillianResource
    URL base;

    @AfterAll
    static void figures() throws IOException {
        Files.deleteIfExists(REFUSED);
        System.out.printf("[figure] lock attempts refused by policy: %d, by cap: %d (caps %d per session, %d per user)%n",
                BY_POLICY.get(), BY_CAP.get(), PER_SESSION, PER_USER);
    }

    @Test
    void thePolicyRefusesBeforeRedis() {
        Api api = new Api(base);
        String alice = api.login("alice", "web").token();
        String id = "archived-" + UUID.randomUUID();

        forbidden(api.post("locks/document/" + id, alice, null));

        api.get("locks/document/" + id, alice).assertProblem(404, "NOT_LOCKED");
        assertEquals(0, keys(PREFIX + ":{lock:document:" + id + "}*"), "nothing written for a refused lock");
        // the declared types: "order" from kickout.lock.types, "document" from the app's @RequiresEditLock
        api.post("locks/document/" + UUID.randomUUID(), alice, null).assertOk(201);
        api.post("auth/logout", alice, null).assertOk(204);
    }

    @Test
    void aWithdrawnPermissionStopsTheHeartbeat() throws IOException {
        Api api = new Api(base);
        String carol = api.login("carol", "web").token();
        String admin = api.login("admin", "web").token();
        String path = "locks/order/" + UUID.randomUUID();
        JsonObject lock = api.post(path, carol, null).assertOk(201);
        String token = lock.getString("lockToken");
        beat(api, path, carol, token).assertOk(200);
        String expiresAt = api.get(path, carol).assertOk(200).getString("expiresAt");

        Files.writeString(REFUSED, "carol\n");
        try {
            forbidden(beat(api, path, carol, token));
            forbidden(api.post(path, carol, null));
            forbidden(api.get(path, carol));
            assertEquals(expiresAt, api.get(path, admin).assertOk(200).getString("expiresAt"),
                    "a refused heartbeat does not extend the lock");
        } finally {
            Files.delete(REFUSED);
        }
        beat(api, path, carol, token).assertOk(200);
        api.post("auth/logout", carol, null).assertOk(204);
        api.post("auth/logout", admin, null).assertOk(204);
    }

    @Test
    void whomThePolicyRefusesSeesNothingOfTheRoomAndIsNotListed() throws IOException {
        Api api = new Api(base);
        String carol = api.login("carol", "web").token();
        String bob = api.login("bob", "web").token();
        String path = "locks/order/" + UUID.randomUUID();
        api.post(path, carol, null).assertOk(201);
        api.put(path + "/presence", carol, "{}").assertOk(200);

        Files.writeString(REFUSED, "bob\n");
        try {
            forbidden(api.get(path, bob));
            forbidden(api.put(path + "/presence", bob, "{}"));
            forbidden(api.get(path + "/queue", bob));
            forbidden(api.post(path + "/queue", bob, null));
            forbidden(api.post(path + "/handover", bob, "{\"message\":\"mine?\"}"));
            assertEquals(List.of("carol"), viewers(api.put(path + "/presence", carol, "{}").assertOk(200)),
                    "a refused reader is not listed");
        } finally {
            Files.delete(REFUSED);
        }
        // the same calls pass once the policy lets bob in: the refusals above were the policy's
        assertEquals("carol", api.get(path, bob).assertOk(200).getJsonObject("holder").getString("username"));
        api.put(path + "/presence", bob, "{}").assertOk(200);
        assertEquals(List.of("bob", "carol"), viewers(api.put(path + "/presence", carol, "{}").assertOk(200)));
        api.post("auth/logout", bob, null).assertOk(204);
        api.post("auth/logout", carol, null).assertOk(204);
    }

    private static List<String> viewers(JsonObject room) {
        return room.getJsonArray("viewers").stream().map(viewer -> viewer.asJsonObject().getString("username"))
                .sorted().toList();
    }

    @Test
    void undeclaredTypesAreRefused() {
        Api api = new Api(base);
        String bob = api.login("bob", "web").token();
        api.post("locks/ghost/1", bob, null).assertProblem(400, "LOCK_TYPE_UNKNOWN");
        api.get("locks/ghost/1", bob).assertProblem(400, "LOCK_TYPE_UNKNOWN");
        assertEquals(0, keys(PREFIX + ":{lock:ghost:*"), "nothing written for an undeclared type");
        api.post("auth/logout", bob, null).assertOk(204);
    }

    @Test
    void oneSessionNeverHoldsMoreThanItsCap() throws Exception {
        Api api = new Api(base);
        String bob = api.login("bob", "tablet").token();
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            paths.add("locks/order/" + UUID.randomUUID());
        }
        List<Reply> replies = inParallel(paths.stream().map(path -> (Attempt) () -> api.post(path, bob, null)).toList());

        assertEquals(PER_SESSION, granted(replies), "granted of 12 parallel acquires by one session");
        replies.stream().filter(reply -> reply.status() != 201).forEach(reply -> limited(reply, "SESSION"));
        System.out.printf("[figure] session cap %d: %d of 12 parallel acquires granted%n", PER_SESSION, granted(replies));

        String released = paths.get(replies.indexOf(replies.stream().filter(r -> r.status() == 201).findFirst().orElseThrow()));
        String releasedToken = replies.stream().filter(r -> r.status() == 201).findFirst().orElseThrow().json().getString("lockToken");
        api.send(api.request(released, bob, releasedToken).DELETE()).assertOk(204);
        api.post("locks/order/" + UUID.randomUUID(), bob, null).assertOk(201);
        limited(api.post("locks/order/" + UUID.randomUUID(), bob, null), "SESSION");
        api.post("auth/logout", bob, null).assertOk(204);
    }

    @Test
    void oneUserNeverHoldsMoreThanItsCap() throws Exception {
        Api api = new Api(base);
        List<String> sessions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            sessions.add(api.login("alice", "device" + i).token());
        }
        List<Attempt> attempts = new ArrayList<>();
        for (String session : sessions) {
            for (int i = 0; i < PER_SESSION; i++) {
                String path = "locks/order/" + UUID.randomUUID();
                attempts.add(() -> api.post(path, session, null));
            }
        }
        List<Reply> replies = inParallel(attempts);

        assertEquals(PER_USER, granted(replies), "granted of 12 parallel acquires by one user's 4 sessions");
        replies.stream().filter(reply -> reply.status() != 201).forEach(reply -> limited(reply, "USER"));
        System.out.printf("[figure] user cap %d: %d of 12 parallel acquires over 4 sessions granted%n", PER_USER,
                granted(replies));
        for (String session : sessions) {
            api.post("auth/logout", session, null).assertOk(204);
        }
        String again = api.login("alice", "web").token();
        api.post("locks/order/" + UUID.randomUUID(), again, null).assertOk(201);
        api.post("auth/logout", again, null).assertOk(204);
    }

    @Test
    void anotherSessionsHeartbeatOrReleaseMovesNothingOfTheHolders() {
        Api api = new Api(base);
        String carol = api.login("carol", "laptop").token();
        String bob = api.login("bob", "laptop").token();
        List<String> ids = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < PER_SESSION; i++) {
            ids.add(UUID.randomUUID().toString());
            tokens.add(api.post("locks/order/" + ids.get(i), carol, null).assertOk(201).getString("lockToken"));
        }
        List<Double> listed = ids.stream().map(LockAuthorizationIT::indexScore).toList();

        for (int i = 0; i < PER_SESSION; i++) {
            // the holder's own token, as if it had leaked, and a token of another record: neither is bob's holding
            beat(api, "locks/order/" + ids.get(i), bob, tokens.get(i)).assertProblem(423, "LOCK_HELD");
            beat(api, "locks/order/" + ids.get(i), bob, tokens.get((i + 1) % PER_SESSION)).assertProblem(423, "LOCK_HELD");
            api.send(api.request("locks/order/" + ids.get(i), bob, tokens.get(i)).DELETE()).assertProblem(423, "LOCK_HELD");
        }

        assertEquals(listed, ids.stream().map(LockAuthorizationIT::indexScore).toList(),
                "the holder's admin index entries are where its own acquires put them");
        for (int i = 0; i < PER_SESSION; i++) {
            // the refused heartbeats left bob's holdings as they were: his whole cap is his
            api.post("locks/order/" + UUID.randomUUID(), bob, null).assertOk(201);
        }
        for (int i = 0; i < PER_SESSION; i++) {
            beat(api, "locks/order/" + ids.get(i), carol, tokens.get(i)).assertOk(200);
        }
        api.post("auth/logout", carol, null).assertOk(204);
        api.post("auth/logout", bob, null).assertOk(204);
    }

    @Test
    void aReleaseWithAnOldTokenOfTheSessionKeepsItsHoldingCounted() {
        Api api = new Api(base);
        String kiosk = api.login("bob", "kiosk").token();
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < PER_SESSION; i++) {
            paths.add("locks/order/" + UUID.randomUUID());
        }
        String old = api.post(paths.get(0), kiosk, null).assertOk(201).getString("lockToken");
        for (String path : paths.subList(1, PER_SESSION)) {
            api.post(path, kiosk, null).assertOk(201);
        }
        String renewed = api.post(paths.get(0), kiosk, null).assertOk(200).getString("lockToken");

        api.send(api.request(paths.get(0), kiosk, old).DELETE()).assertProblem(409, "LOCK_LOST");

        limited(api.post("locks/order/" + UUID.randomUUID(), kiosk, null), "SESSION");
        api.send(api.request(paths.get(0), kiosk, renewed).DELETE()).assertOk(204);
        api.post("locks/order/" + UUID.randomUUID(), kiosk, null).assertOk(201);
        api.post("auth/logout", kiosk, null).assertOk(204);
    }

    @Test
    void othersSeeTheHolderOnlyByName() {
        Api api = new Api(base);
        String carol = api.login("carol", "web").token();
        String carolElsewhere = api.login("carol", "phone").token();
        String bob = api.login("bob", "web").token();
        String admin = api.login("admin", "web").token();
        String path = "locks/document/" + UUID.randomUUID();
        JsonObject own = api.post(path, carol, null).assertOk(201);

        JsonObject seen = api.get(path, bob).assertOk(200).getJsonObject("holder");
        assertEquals("carol", seen.getString("username"));
        assertFalse(seen.containsKey("sessionId"), seen.toString());
        assertFalse(seen.containsKey("clientId"), seen.toString());
        assertEquals(own.getString("acquiredAt"), api.get(path, bob).assertOk(200).getString("acquiredAt"));

        for (String whole : List.of(carol, carolElsewhere, admin)) {
            JsonObject holder = api.get(path, whole).assertOk(200).getJsonObject("holder");
            assertEquals(own.getJsonObject("holder").getString("sessionId"), holder.getString("sessionId"));
            assertTrue(holder.containsKey("clientId"), holder.toString());
        }
        JsonObject held = api.post(path, bob, null).assertProblem(423, "LOCK_HELD").getJsonObject("holder");
        assertFalse(held.containsKey("sessionId"), held.toString());
        for (String session : List.of(carol, carolElsewhere, bob, admin)) {
            api.post("auth/logout", session, null).assertOk(204);
        }
    }

    private interface Attempt {
        Reply run();
    }

    private static List<Reply> inParallel(List<Attempt> attempts) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(attempts.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Reply>> futures = new ArrayList<>();
            for (Attempt attempt : attempts) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return attempt.run();
                }));
            }
            start.countDown();
            List<Reply> replies = new ArrayList<>();
            for (Future<Reply> future : futures) {
                replies.add(future.get());
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }

    private static long granted(List<Reply> replies) {
        return replies.stream().filter(reply -> reply.status() == 201).count();
    }

    private static void forbidden(Reply reply) {
        reply.assertProblem(403, "LOCK_FORBIDDEN");
        BY_POLICY.incrementAndGet();
    }

    private static void limited(Reply reply, String scope) {
        JsonObject problem = reply.assertProblem(409, "LOCK_LIMIT");
        assertEquals(scope, problem.getString("scope"), problem.toString());
        BY_CAP.incrementAndGet();
    }

    private static Double indexScore(String id) {
        return TestRedis.client().<String>getScoredSortedSet(RedisKeys.withPrefix(PREFIX)
                .locksIndex(RedisKeys.indexShardOfLock("order", id)), StringCodec.INSTANCE).getScore("order/" + id);
    }

    private static long keys(String pattern) {
        return TestRedis.client().getKeys().getKeysStream(KeysScanOptions.defaults().pattern(pattern)).count();
    }

    private static Reply beat(Api api, String path, String session, String lockToken) {
        return api.send(api.request(path + "/heartbeat", session, lockToken).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
