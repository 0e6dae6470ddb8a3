package dev.kickout.it.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One clock: two instances on one Redis whose own clocks are 20 minutes apart
 * ({@link ShiftedClock}: +10 min on "a", -10 min on "b", the clock the near cache reads too; the
 * cache is on) share sessions and locks, and every expiry happens when Redis's clock says, on both: no
 * early death, no life past the cap.
 *
 * <p>Lifetimes are measured on this JVM's monotonic clock from the moment the last request that
 * moved an expiry was sent (so the server-side expiry is strictly later), until a request that does
 * not slide anything sees the end. The test JVM runs on the same machine as Redis, so its wall
 * clock is Redis's too: views must show times close to it, not 10 minutes off.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClockOffsetIT {

    private static final Duration TTL = Duration.ofSeconds(3);
    private static final Duration CAP = Duration.ofSeconds(8);
    private static final Duration LOCK_TTL = Duration.ofSeconds(3);
    /** Timer granularity of a millisecond clock read at either end. */
    private static final long EARLY_SLACK_MS = 50;
    /** How late an end may be seen on this loaded machine (polls, SSE tick, scheduling). */
    private static final long LATE_SLACK_MS = 3_000;
    /** How far a time the API shows may be from this JVM's (and so Redis's) clock; the offsets are 10 min. */
    private static final Duration SAME_CLOCK = Duration.ofMinutes(1);

    @Deployment(name = "a", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return Deployments.referenceWar("kickout.war", settings("PT10M")).addClass(ShiftedClock.class);
    }

    @Deployment(name = "b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        return Deployments.referenceWar("kickout.war", settings("-PT10M")).addClass(ShiftedClock.class);
    }

    private static Map<String, String> settings(String offset) {
        Map<String, String> settings = new HashMap<>(Map.of("kickout.key-prefix", "clockoffset",
                "kickout.login.policy", "MULTI", "kickout.session.ttl", "PT3S", "kickout.session.max-lifetime", "PT8S",
                "kickout.lock.ttl", "PT3S", "kickout.lock.heartbeat", "PT1S", "kickout.lock.force-release-grace", "PT0S"));
        settings.put("it.clock-offset", offset);
        // the near cache reads this instance's shifted clock: it must go by Redis's time all the same
        settings.put("kickout.session.near-cache", "true");
        return settings;
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

    @Test
    void aSessionOpenedOnEitherInstanceLivesOnTheOther() {
        for (Api[] pair : new Api[][] {{a, b}, {b, a}}) {
            Login login = pair[0].login("alice", "web-" + UUID.randomUUID());
            JsonObject session = login.body().getJsonObject("session");
            assertNear("loginTime", session.getString("loginTime"));
            assertNear("expiresAt", session.getString("expiresAt"));
            JsonObject status = pair[1].get("auth/status", login.token()).assertOk(200);
            assertEquals("ACTIVE", status.getString("state"));
            assertNear("expiresAt on the other instance", status.getString("expiresAt"));
            JsonObject me = pair[1].get("auth/me", login.token()).assertOk(200);
            assertNear("lastSeen on the other instance", me.getString("lastSeen"));
            pair[0].get("auth/status", login.token()).assertOk(200);
        }
    }

    @Test
    void anIdleSessionDiesAtItsTtlOnBothInstances() {
        String admin = a.login("admin", "web-" + UUID.randomUUID()).token();
        Login bob = a.login("bob", "web-" + UUID.randomUUID());
        b.get("auth/status", bob.token()).assertOk(200);
        a.get("auth/status", bob.token()).assertOk(200);
        long lastActivity = System.nanoTime();
        b.get("auth/status", bob.token()).assertOk(200);
        Api[] both = {a, b};
        int[] turn = {0};
        // the admin listing slides nothing of bob's; the admin's own requests keep the admin alive
        long lived = until(() -> !listed(both[turn[0]++ % 2], admin, "bob", bob.sessionId()), TTL.toMillis()
                + LATE_SLACK_MS + 2_000) - lastActivity;
        long livedMs = lived / 1_000_000;
        System.out.println("[figure] clock offsets +10 min / -10 min: idle session (ttl 3 s) seen ended " + livedMs
                + " ms after its last request");
        assertTrue(livedMs >= TTL.toMillis() - EARLY_SLACK_MS, "ended early: " + livedMs + " ms");
        assertTrue(livedMs <= TTL.toMillis() + LATE_SLACK_MS, "ended late: " + livedMs + " ms");
        a.get("auth/status", bob.token()).assertProblem(401, "TOKEN_EXPIRED");
        b.get("auth/status", bob.token()).assertProblem(401, "TOKEN_EXPIRED");
    }

    @Test
    void aBusySessionNeverOutlivesItsCap() throws InterruptedException {
        long sent = System.nanoTime();
        Login carol = b.login("carol", "web-" + UUID.randomUUID());
        Instant loginTime = Instant.parse(carol.body().getJsonObject("session").getString("loginTime"));
        assertNear("loginTime", loginTime.toString());
        Instant cap = loginTime.plus(CAP);
        Api[] both = {a, b};
        int requests = 0;
        Reply reply = a.get("auth/status", carol.token());
        long lastAlive = sent;
        while (reply.status() == 200) {
            lastAlive = System.nanoTime();
            Instant expiresAt = Instant.parse(reply.json().getString("expiresAt"));
            assertFalse(expiresAt.isAfter(cap), "expiry " + expiresAt + " past the cap " + cap);
            assertTrue(lastAlive - sent < CAP.plusMillis(LATE_SLACK_MS).toNanos(), "alive well past the cap");
            Wait.elapse(Duration.ofMillis(100), "a pause between the busy session's requests");
            reply = both[++requests % 2].get("auth/status", carol.token());
        }
        long diedMs = (System.nanoTime() - sent) / 1_000_000;
        long lastAliveMs = (lastAlive - sent) / 1_000_000;
        reply.assertProblem(401, "TOKEN_EXPIRED");
        System.out.println("[figure] clock offsets +10 min / -10 min: busy session (ttl 3 s, cap 8 s, " + requests
                + " requests alternating a/b) last alive " + lastAliveMs + " ms, seen ended " + diedMs
                + " ms after the login was sent");
        assertTrue(diedMs >= CAP.toMillis() - EARLY_SLACK_MS, "ended before its cap: " + diedMs + " ms");
        assertTrue(lastAliveMs >= CAP.toMillis() - 1_500, "not kept alive until near its cap: " + lastAliveMs + " ms");
        a.get("auth/me", carol.token()).assertProblem(401, "TOKEN_EXPIRED");
    }

    @Test
    void aLockTakenOnAAndKeptThroughBExpiresAtItsTtl() {
        Login alice = a.login("alice", "web-" + UUID.randomUUID());
        // reading the lock without its token touches only alice's session (which must outlive the lock)
        String watcher = alice.token();
        String doc = "doc-" + (1 + (int) (Math.random() * 20));
        String path = "locks/document/" + doc;
        Reply taken = a.post(path, alice.token(), null);
        assertTrue(taken.status() == 201 || taken.status() == 200, taken::body);
        JsonObject lock = taken.json();
        String lockToken = lock.getString("lockToken");
        assertNear("acquiredAt", lock.getString("acquiredAt"));
        assertNear("expiresAt", lock.getString("expiresAt"));

        JsonObject beat = b.send(b.request(path + "/heartbeat", alice.token(), lockToken)
                .PUT(HttpRequest.BodyPublishers.noBody())).assertOk(200);
        assertNear("lastHeartbeat through b", beat.getString("lastHeartbeat"));
        long version = b.get("app/documents/" + doc, alice.token()).assertOk(200).getJsonNumber("version").longValue();
        String body = Json.createObjectBuilder().add("title", "saved through b").add("body", "clock")
                .add("version", version).build().toString();
        b.send(b.request("app/documents/" + doc, alice.token(), lockToken).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))).assertOk(200);
        long lastBeat = System.nanoTime();
        b.send(b.request(path + "/heartbeat", alice.token(), lockToken).PUT(HttpRequest.BodyPublishers.noBody()))
                .assertOk(200);
        a.get(path, watcher).assertOk(200);

        Api[] both = {a, b};
        int[] turn = {0};
        long lived = until(() -> both[turn[0]++ % 2].get(path, watcher).status() == 404,
                LOCK_TTL.toMillis() + LATE_SLACK_MS + 2_000) - lastBeat;
        long livedMs = lived / 1_000_000;
        System.out.println("[figure] clock offsets +10 min / -10 min: lock (ttl 3 s) taken on a, kept and saved "
                + "through b, seen free " + livedMs + " ms after its last heartbeat");
        assertTrue(livedMs >= LOCK_TTL.toMillis() - EARLY_SLACK_MS, "freed early: " + livedMs + " ms");
        assertTrue(livedMs <= LOCK_TTL.toMillis() + LATE_SLACK_MS, "freed late: " + livedMs + " ms");
        JsonObject lost = a.send(a.request(path + "/heartbeat", alice.token(), lockToken)
                .PUT(HttpRequest.BodyPublishers.noBody())).assertProblem(409, "LOCK_LOST");
        assertEquals("EXPIRED", lost.getString("reason"));
    }

    @Test
    void sessionExpiredReachesStreamsOnBothInstancesNotEarly() throws InterruptedException {
        Login carol = a.login("carol", "web-" + UUID.randomUUID());
        try (EventStream onA = open(a, carol.token())) {
            long lastActivity = System.nanoTime();
            try (EventStream onB = open(b, carol.token())) {
                for (EventStream stream : new EventStream[] {onA, onB}) {
                    Event expired = stream.next(TTL.plusMillis(LATE_SLACK_MS + 2_000));
                    long afterMs = (System.nanoTime() - lastActivity) / 1_000_000;
                    String where = stream == onA ? "a" : "b";
                    assertNotNull(expired, "SESSION_EXPIRED on " + where + " within " + afterMs + " ms");
                    assertEquals("SESSION_EXPIRED", expired.type(), expired::data);
                    assertNear("SESSION_EXPIRED at", expired.json().getString("at"));
                    System.out.println("[figure] clock offsets +10 min / -10 min: SESSION_EXPIRED (ttl 3 s) on " + where
                            + " " + afterMs + " ms after the last request");
                    assertTrue(afterMs >= TTL.toMillis() - EARLY_SLACK_MS, "told early on " + where + ": " + afterMs);
                    assertTrue(afterMs <= TTL.toMillis() + LATE_SLACK_MS, "told late on " + where + ": " + afterMs);
                }
            }
        }
    }

    private static boolean listed(Api api, String admin, String userId, String sessionId) {
        JsonObject page = api.get("admin/sessions?userId=" + userId, admin).assertOk(200);
        return page.getJsonArray("items").stream()
                .anyMatch(item -> sessionId.equals(item.asJsonObject().getString("sessionId")));
    }

    /** Polls {@code condition} until it holds (answers {@link System#nanoTime()} then) or the deadline fails the test. */
    private static long until(BooleanSupplier condition, long deadlineMs) {
        Wait.until(Duration.ofMillis(deadlineMs), () -> "the end to be seen", condition);
        return System.nanoTime();
    }

    private static void assertNear(String what, String instant) {
        Duration off = Duration.between(Instant.now(), Instant.parse(instant)).abs();
        assertTrue(off.compareTo(SAME_CLOCK) < 0, what + " " + instant + " is " + off + " off Redis's clock");
    }

    private static EventStream open(Api api, String token) {
        EventStream stream = EventStream.open(api.request("events", token));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }
}
