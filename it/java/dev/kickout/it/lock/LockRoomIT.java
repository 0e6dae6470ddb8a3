package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Around a lock, over HTTP and SSE: release on inactivity with its warning, the fair queue and its
 * reservations (50 waiters racing), asking the holder to hand over, who else has the record open, and
 * the bounds and bad input of each.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockRoomIT {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int RACERS = 50;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.ofEntries(
                Map.entry("kickout.key-prefix", "rooms"),
                Map.entry("kickout.login.policy", "MULTI"),
                Map.entry("kickout.lock.types", "order,idle,desk"),
                Map.entry("kickout.lock.watch-interval", "PT0.2S"),
                Map.entry("kickout.lock.reservation", "PT3S"),
                Map.entry("kickout.lock.queue.max-per-record", String.valueOf(RACERS)),
                Map.entry("kickout.lock.queue.max-per-user", "30"),
                Map.entry("kickout.lock.type.idle.idle-timeout", "PT3S"),
                Map.entry("kickout.lock.type.idle.idle-warning", "PT1.5S"),
                Map.entry("kickout.lock.type.idle.heartbeat", "PT1S"),
                Map.entry("kickout.lock.type.idle.ttl", "PT20S"),
                Map.entry("kickout.lock.type.desk.handover-idle-after", "PT1S")));
    }

    @ArquillianResource
    URL base;

    Api api;
    Login alice;
    Login bob;
    Login carol;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        alice = api.login("alice", "web");
        bob = api.login("bob", "web");
        carol = api.login("carol", "web");
    }

    @Test
    void aHolderWithoutActivityIsWarnedThenLosesTheLockAtTheIdleTimeout() throws Exception {
        String path = "locks/idle/" + UUID.randomUUID();
        try (EventStream events = open(alice)) {
            JsonObject lock = api.post(path, alice.token(), null).assertOk(201);
            assertEquals(1, lock.getInt("heartbeatSeconds"), "the type's own heartbeat");
            Instant idleAt = Instant.parse(lock.getString("idleAt"));
            String token = lock.getString("lockToken");

            Event warning = next(events, "LOCK_EXPIRING");
            assertEquals("IDLE", warning.json().getString("reason"));
            assertEquals(idleAt, Instant.parse(warning.json().getString("expiresAt")));
            long warnedBefore = Duration.between(Instant.now(), idleAt).toMillis();

            Event released = next(events, "EDIT_LOCK_RELEASED");
            long late = Duration.between(idleAt, Instant.now()).toMillis();
            assertEquals("IDLE", released.json().getString("reason"));
            assertEquals(lock.getJsonNumber("fence").longValue(), released.json().getJsonNumber("fence").longValue());
            System.out.println("[figure] idle release: warned " + warnedBefore + " ms before idleAt (setting 1500 ms),"
                    + " released " + late + " ms after it (idle timeout 3 s)");

            JsonObject lost = api.send(api.request(path + "/heartbeat", alice.token(), token)
                    .PUT(java.net.http.HttpRequest.BodyPublishers.noBody())).assertProblem(409, "LOCK_LOST");
            assertEquals("IDLE", lost.getString("reason"));
            api.post(path, bob.token(), null).assertOk(201);
            assertTrue(audit("LOCK_IDLE_RELEASE").stream().anyMatch(entry -> entry.getString("target").endsWith(path.substring(6))),
                    "the idle release is in the audit trail");
        }
    }

    @Test
    void reportedActivityMovesTheDeadlineAndKeepsTheLock() throws Exception {
        String path = "locks/idle/" + UUID.randomUUID();
        try (EventStream events = open(alice)) {
            JsonObject lock = api.post(path, alice.token(), null).assertOk(201);
            String token = lock.getString("lockToken");
            Instant firstDeadline = Instant.parse(lock.getString("idleAt"));
            Event warning = next(events, "LOCK_EXPIRING");
            assertEquals(firstDeadline, Instant.parse(warning.json().getString("expiresAt")));

            // "Still editing?": one click is activity now
            JsonObject kept = heartbeat(path, alice, token, 0).assertOk(200);
            Instant secondDeadline = Instant.parse(kept.getString("idleAt"));
            assertTrue(secondDeadline.isAfter(firstDeadline));

            Event again = next(events, "LOCK_EXPIRING");
            assertEquals(secondDeadline, Instant.parse(again.json().getString("expiresAt")),
                    "the first deadline passed without a release: the next warning is for the new one");
            assertTrue(Instant.now().isAfter(firstDeadline));
            JsonObject stillHeld = heartbeat(path, alice, token, 2).assertOk(200);
            assertEquals(secondDeadline, Instant.parse(stillHeld.getString("idleAt")),
                    "a heartbeat reporting 2 s without activity does not move the deadline");
        }
    }

    @Test
    void aFreedLockGoesToTheFirstInLineAndAnUnclaimedTurnPassesOn() throws Exception {
        String path = "locks/order/" + UUID.randomUUID();
        String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");
        api.post(path + "/queue", alice.token(), null).assertProblem(409, "ALREADY_HOLDER");
        try (EventStream bobEvents = open(bob); EventStream carolEvents = open(carol)) {
            JsonObject bobPlace = api.post(path + "/queue", bob.token(), null).assertOk(200);
            assertEquals(1, bobPlace.getInt("position"));
            JsonObject carolPlace = api.post(path + "/queue", carol.token(), null).assertOk(200);
            assertEquals(2, carolPlace.getInt("position"));
            assertEquals(2, carolPlace.getInt("size"));
            assertEquals(1, api.post(path + "/queue", bob.token(), null).assertOk(200).getInt("position"),
                    "joining again keeps the place");

            // the release's script meets NOSCRIPT and the queue's advance beside it does not: the advance runs
            // first, and the release's turn must come all the same
            TestRedis.client().getScript().scriptFlush();
            TestRedis.client().getScript().scriptLoad(Script.LOCK_QUEUE_ADVANCE.source());
            long released = System.nanoTime();
            api.send(api.request(path, alice.token(), token).DELETE()).assertOk(204);
            Event reserved = next(bobEvents, "LOCK_RESERVED");
            long toBob = (System.nanoTime() - released) / 1_000_000;
            Instant until = Instant.parse(reserved.json().getString("until"));
            assertEquals(1, next(carolEvents, "LOCK_QUEUE").json().getInt("position"));

            JsonObject refused = api.post(path, carol.token(), null).assertProblem(423, "LOCK_HELD");
            assertEquals("bob", refused.getJsonObject("holder").getString("userId"));
            assertEquals(until, Instant.parse(refused.getString("reservedUntil")));
            assertEquals(until, Instant.parse(api.get(path + "/queue", bob.token()).assertOk(200).getString("reservedUntil")));

            // bob lets his turn go by: it passes to carol when it ends
            Event carolsTurn = next(carolEvents, "LOCK_RESERVED");
            long late = Duration.between(until, Instant.now()).toMillis();
            api.post(path, bob.token(), null).assertProblem(423, "LOCK_HELD");
            api.post(path, carol.token(), null).assertOk(201);
            assertNotNull(carolsTurn.json().getString("until"));
            System.out.println("[figure] queue: release to the first in line's LOCK_RESERVED " + toBob
                    + " ms; an unclaimed reservation passed on " + late + " ms after it ended");
        }
    }

    @Test
    void fiftyWaitersRacingGetTheirTurnsOneAtATimeInQueueOrder() throws Exception {
        String path = "locks/order/" + UUID.randomUUID();
        String[] users = {"alice", "bob", "carol"};
        List<Login> waiters = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            waiters.add(api.login(users[i % users.length], "web"));
        }
        String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");
        ExecutorService pool = Executors.newFixedThreadPool(RACERS);
        try {
            List<Future<Reply>> joins = new ArrayList<>();
            for (Login waiter : waiters) {
                joins.add(pool.submit(() -> api.post(path + "/queue", waiter.token(), null)));
            }
            List<Integer> positions = new ArrayList<>();
            for (Future<Reply> join : joins) {
                positions.add(join.get().assertOk(200).getInt("position"));
            }
            api.post(path + "/queue", alice.token(), null).assertProblem(409, "ALREADY_HOLDER");
            api.post(path + "/queue", api.login("carol", "web").token(), null).assertProblem(409, "QUEUE_FULL");

            List<Login> inOrder = new ArrayList<>(waiters);
            inOrder.sort(Comparator.comparingInt(waiter -> api.get(path + "/queue", waiter.token()).assertOk(200)
                    .getInt("position")));
            for (int i = 0; i < RACERS; i++) {
                assertEquals(i + 1, api.get(path + "/queue", inOrder.get(i).token()).assertOk(200).getInt("position"));
            }

            // each turn, every one still waiting races for the freed lock
            Login holder = alice;
            List<Login> racing = new ArrayList<>(waiters);
            int acquires = 0;
            for (int turn = 0; turn < RACERS; turn++) {
                api.send(api.request(path, holder.token(), token).DELETE()).assertOk(204);
                List<Future<Reply>> race = new ArrayList<>();
                for (Login waiter : racing) {
                    race.add(pool.submit(() -> api.post(path, waiter.token(), null)));
                }
                Login winner = null;
                for (int i = 0; i < race.size(); i++) {
                    Reply reply = race.get(i).get();
                    acquires++;
                    if (reply.status() == 201) {
                        assertEquals(null, winner, "one winner per turn");
                        winner = racing.get(i);
                        token = reply.json().getString("lockToken");
                    } else {
                        reply.assertProblem(423, "LOCK_HELD");
                    }
                }
                assertNotNull(winner, "turn " + turn + " went to nobody");
                assertEquals(inOrder.get(turn).sessionId(), winner.sessionId(), "turn " + turn + " out of queue order");
                racing.remove(winner);
                holder = winner;
            }
            System.out.println("[figure] queue race: " + RACERS + " waiters, " + RACERS + " turns, each to exactly one, in"
                    + " queue order (" + acquires + " racing acquires)");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theHolderAcceptsAHandOverAndTheRequesterHasTheTurn() throws Exception {
        String path = "locks/order/" + UUID.randomUUID();
        JsonObject lock = api.post(path, alice.token(), null).assertOk(201);
        String token = lock.getString("lockToken");
        api.post(path + "/handover", bob.token(), "{\"message\":\"hi\"}").assertProblem(409, "NOT_WAITING");
        try (EventStream aliceEvents = open(alice); EventStream bobEvents = open(bob)) {
            api.post(path + "/queue", carol.token(), null).assertOk(200);
            api.post(path + "/queue", bob.token(), null).assertOk(200);
            long asked = System.nanoTime();
            String requestId = api.post(path + "/handover", bob.token(),
                    "{\"message\":\"Customer on the phone, may I?\"}").assertOk(202).getString("requestId");
            JsonObject request = next(aliceEvents, "HANDOVER_REQUESTED").json();
            long toHolder = (System.nanoTime() - asked) / 1_000_000;
            assertEquals(requestId, request.getString("requestId"));
            assertEquals("bob", request.getJsonObject("from").getString("username"));
            assertEquals("Customer on the phone, may I?", request.getString("message"));
            api.post(path + "/handover", bob.token(), "{\"message\":\"again\"}").assertProblem(429, "TOO_MANY_ATTEMPTS");

            api.send(api.request(path + "/handover/" + requestId, bob.token(), token)
                    .POST(body("{\"accept\":true}")).header("Content-Type", "application/json")).assertProblem(423, "LOCK_HELD");
            long accepted = System.nanoTime();
            api.send(api.request(path + "/handover/" + requestId, alice.token(), token)
                    .POST(body("{\"accept\":true}")).header("Content-Type", "application/json")).assertOk(200);
            JsonObject answered = next(bobEvents, "HANDOVER_ANSWERED").json();
            assertTrue(answered.getBoolean("accepted"));
            next(bobEvents, "LOCK_RESERVED");
            long toRequester = (System.nanoTime() - accepted) / 1_000_000;
            JsonObject released = next(aliceEvents, "EDIT_LOCK_RELEASED").json();
            assertEquals("HANDED_OVER", released.getString("reason"));
            assertEquals("bob", released.getString("by"));

            api.post(path, carol.token(), null).assertProblem(423, "LOCK_HELD");
            api.post(path, bob.token(), null).assertOk(201);
            JsonObject lost = api.send(api.request(path, alice.token(), token).GET()).assertProblem(409, "LOCK_LOST");
            assertEquals("HANDED_OVER", lost.getString("reason"));
            assertEquals(1, api.get(path + "/queue", carol.token()).assertOk(200).getInt("position"));
            api.send(api.request(path + "/handover/" + requestId, alice.token(), token)
                    .POST(body("{\"accept\":true}")).header("Content-Type", "application/json")).assertProblem(409, "LOCK_LOST");
            assertTrue(audit("LOCK_HANDED_OVER").stream().anyMatch(entry -> entry.getString("target").endsWith(path.substring(6))));
            System.out.println("[figure] hand-over: request to the holder's HANDOVER_REQUESTED " + toHolder
                    + " ms; accept to the requester's LOCK_RESERVED " + toRequester + " ms");
        }
    }

    @Test
    void aDeclinedRequestTellsTheRequesterAndTheHolderKeepsTheLock() throws Exception {
        String path = "locks/order/" + UUID.randomUUID();
        String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");
        try (EventStream bobEvents = open(bob)) {
            api.post(path + "/queue", bob.token(), null).assertOk(200);
            String requestId = api.post(path + "/handover", bob.token(), "{}").assertOk(202).getString("requestId");
            api.send(api.request(path + "/handover/" + requestId, alice.token(), token)
                    .POST(body("{\"accept\":false}")).header("Content-Type", "application/json")).assertOk(200);
            assertFalse(next(bobEvents, "HANDOVER_ANSWERED").json().getBoolean("accepted"));
            api.send(api.request(path, alice.token(), token).GET()).assertOk(200);
            JsonObject again = api.post(path + "/handover", bob.token(), "{}").assertProblem(429, "TOO_MANY_ATTEMPTS");
            assertNotNull(again);
            api.send(api.request(path + "/handover/" + requestId, alice.token(), token)
                    .POST(body("{\"accept\":true}")).header("Content-Type", "application/json")).assertProblem(404, "NOT_FOUND");
        }
    }

    @Test
    void aRequestToAnIdleHolderIsAcceptedForThemWhenTheTypeSaysSo() throws Exception {
        String path = "locks/desk/" + UUID.randomUUID();
        api.post(path, alice.token(), null).assertOk(201);
        try (EventStream aliceEvents = open(alice); EventStream bobEvents = open(bob)) {
            api.post(path + "/queue", bob.token(), null).assertOk(200);
            api.post(path + "/handover", bob.token(), "{\"message\":\"are you there?\"}").assertOk(202);
            next(aliceEvents, "HANDOVER_REQUESTED");
            assertTrue(next(bobEvents, "HANDOVER_ANSWERED").json().getBoolean("accepted"));
            next(bobEvents, "LOCK_RESERVED");
            assertEquals("HANDED_OVER", next(aliceEvents, "EDIT_LOCK_RELEASED").json().getString("reason"));
            api.post(path, bob.token(), null).assertOk(201);
        }
    }

    @Test
    void thePagesOfARecordSeeWhoElseHasItOpen() {
        String path = "locks/order/" + UUID.randomUUID();
        api.post(path, alice.token(), null).assertOk(201);
        api.put(path + "/presence", alice.token(), "{}").assertOk(200);
        api.post(path + "/queue", bob.token(), null).assertOk(200);
        JsonObject room = api.put(path + "/presence", carol.token(), "{}").assertOk(200);
        assertEquals("alice", room.getJsonObject("lock").getJsonObject("holder").getString("userId"));
        assertFalse(room.getJsonObject("lock").getJsonObject("holder").containsKey("sessionId"), "others see only a name");
        assertEquals(0, room.getJsonObject("place").getInt("position"));
        assertEquals(1, room.getJsonObject("place").getInt("size"));
        Map<String, String> roles = new java.util.HashMap<>();
        for (JsonValue value : room.getJsonArray("viewers")) {
            JsonObject viewer = value.asJsonObject();
            roles.put(viewer.getString("username"), viewer.getString("role"));
            Instant.parse(viewer.getString("since"));
            assertEquals(viewer.getString("username").equals("carol"), viewer.containsKey("self"));
        }
        assertEquals(Map.of("alice", "EDITING", "bob", "WAITING", "carol", "READING"), roles);
        assertEquals(30, room.getInt("heartbeatSeconds"));

        api.delete(path + "/presence", bob.token()).assertOk(204);
        assertEquals(0, api.get(path + "/queue", carol.token()).assertOk(200).getInt("size"), "closing the page leaves the queue");
        assertEquals(2, api.put(path + "/presence", carol.token(), "{}").assertOk(200).getJsonArray("viewers").size());
    }

    @Test
    void signingOutLeavesTheQueue() {
        String path = "locks/order/" + UUID.randomUUID();
        api.post(path, alice.token(), null).assertOk(201);
        api.post(path + "/queue", bob.token(), null).assertOk(200);
        assertEquals(2, api.post(path + "/queue", carol.token(), null).assertOk(200).getInt("position"));
        api.post("auth/logout", bob.token(), null).assertOk(204);
        JsonObject place = api.get(path + "/queue", carol.token()).assertOk(200);
        assertEquals(1, place.getInt("position"));
        assertEquals(1, place.getInt("size"));
    }

    @Test
    void aUserWaitsInAtMostTheQueuesTheCapAllows() {
        String prefix = "locks/order/cap-" + UUID.randomUUID() + "-";
        api.post(prefix + "0", alice.token(), null).assertOk(201);
        api.post(prefix + "0/queue", carol.token(), null).assertOk(200);
        Reply refused = null;
        int joined = 1;
        while (refused == null && joined <= 31) {
            Reply reply = api.post(prefix + joined + "/queue", carol.token(), null);
            if (reply.status() == 200) {
                joined++;
            } else {
                refused = reply;
            }
        }
        assertNotNull(refused, "31 queues and no refusal");
        assertEquals("USER", refused.assertProblem(409, "QUEUE_FULL").getString("scope"));
        assertEquals(30, refused.json().getInt("limit"));
        api.delete(prefix + "0/queue", carol.token()).assertOk(204);
        api.post(prefix + joined + "/queue", carol.token(), null).assertOk(200);
        for (int i = 0; i <= joined; i++) {
            api.delete(prefix + i + "/queue", carol.token()).assertOk(204);
        }
    }

    @Test
    void badInputIsRefusedAndChangesNothing() {
        String path = "locks/order/" + UUID.randomUUID();
        String token = api.post(path, alice.token(), null).assertOk(201).getString("lockToken");
        api.post(path + "/queue", bob.token(), null).assertOk(200);
        api.post(path + "/handover", bob.token(), "{\"message\":\"" + "x".repeat(281) + "\"}").assertProblem(400, "INVALID_REQUEST");
        api.post(path + "/handover", bob.token(), "{\"message\":\"a\\u0007b\"}").assertProblem(400, "INVALID_REQUEST");
        api.post(path + "/handover", bob.token(), "{\"message\":").assertProblem(400, "INVALID_REQUEST");
        for (String id : List.of("a*b", "a:b", "a%7Bb", "a%20b", "a%0Ab")) {
            api.post("locks/order/" + id + "/queue", bob.token(), null).assertProblem(400, "INVALID_REQUEST");
            api.put("locks/order/" + id + "/presence", bob.token(), "{}").assertProblem(400, "INVALID_REQUEST");
        }
        api.post("locks/nosuchtype/x/queue", bob.token(), null).assertProblem(400, "LOCK_TYPE_UNKNOWN");
        for (String idle : List.of("-1", "86401", "soon")) {
            heartbeat(path, alice, token, idle).assertProblem(400, "INVALID_REQUEST");
        }
        api.send(api.request(path + "/handover/not-an-id", alice.token(), token)
                .POST(body("{\"accept\":true}")).header("Content-Type", "application/json")).assertProblem(404, "NOT_FOUND");
        api.send(api.request(path + "/handover/AAAAAAAAAAAAAAAAAAAAAA", alice.token(), token)
                .POST(body("{}")).header("Content-Type", "application/json")).assertProblem(400, "INVALID_REQUEST");
        api.post(path + "/queue", null, null).assertProblem(401, "TOKEN_MISSING");
        api.get("admin/lock-queues", bob.token()).assertProblem(403, "FORBIDDEN");

        api.send(api.request(path, alice.token(), token).GET()).assertOk(200);
        assertEquals(1, api.get(path + "/queue", bob.token()).assertOk(200).getInt("position"), "nothing changed");
        JsonObject queues = api.get("admin/lock-queues", api.login("admin", "web").token()).assertOk(200);
        assertTrue(queues.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .anyMatch(item -> item.getString("id").equals(path.substring(12))
                        && item.getJsonArray("waiting").getJsonObject(0).getString("username").equals("bob")
                        && item.getJsonObject("holder").getString("userId").equals("alice")));
    }

    private Reply heartbeat(String path, Login who, String token, Object idleSeconds) {
        return api.send(api.request(path + "/heartbeat?idleSeconds=" + idleSeconds, who.token(), token)
                .PUT(java.net.http.HttpRequest.BodyPublishers.noBody()));
    }

    private static java.net.http.HttpRequest.BodyPublisher body(String json) {
        return java.net.http.HttpRequest.BodyPublishers.ofString(json);
    }

    private List<JsonObject> audit(String action) {
        return api.get("admin/audit?limit=200", api.login("admin", "web").token()).assertOk(200).getJsonArray("items")
                .stream().map(JsonValue::asJsonObject).filter(entry -> entry.getString("action").equals(action)).toList();
    }

    private EventStream open(Login who) {
        String ticket = api.post("events/ticket", who.token(), null).assertOk(200).getString("ticket");
        EventStream stream = EventStream.open(api.request("events?ticket=" + ticket, null));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }

    /** The next event of {@code type}, skipping others (LOCK_QUEUE updates, LOCK_AVAILABLE, ...). */
    private static Event next(EventStream events, String type) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Event event = events.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (event != null && event.type().equals(type)) {
                return event;
            }
        }
        throw new AssertionError("no " + type + " within " + WAIT);
    }
}
