package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every event type end to end over real SSE connections, tickets, replay and stream hygiene. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PushIT {

    static final Duration WAIT = Duration.ofSeconds(5);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "push", "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.sse.keepalive", "PT0.5S", "kickout.sse.ticket-ttl", "PT2S",
                "kickout.sse.max-streams-per-session", "3", "kickout.lock.force-release-grace", "PT0S"));
    }

    @ArquillianResource
    URL base;

    Api api;
    String admin;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        admin = api.login("admin", "console").token();
    }

    @Test
    void aKickReachesTheOpenPageAndClosesItsStream() throws Exception {
        Login bob = api.login("bob", "web");
        try (EventStream stream = openWithTicket(bob.token())) {
            api.delete("admin/sessions/" + bob.sessionId() + "?reason=policy%20breach", admin).assertOk(200);

            Event event = stream.next(WAIT);
            assertEquals("FORCE_LOGOUT", event.type());
            assertNotNull(event.id());
            JsonObject data = event.json();
            assertEquals("KICKED", data.getString("code"));
            assertEquals("policy breach", data.getString("reason"));
            assertEquals("admin", data.getString("by"));
            assertEquals(bob.sessionId(), data.getString("sessionId"));
            Instant.parse(data.getString("at"));
            assertEquals("end", stream.next(WAIT).type(), "the stream closes after FORCE_LOGOUT");
        }
        api.get("auth/status", bob.token()).assertProblem(401, "KICKED");
    }

    @Test
    void aLoginOnTheSameDeviceTypeTellsTheReplacedPage() throws Exception {
        Login first = api.login("carol", "tablet");
        try (EventStream stream = openWithBearer(first.token())) {
            api.login("carol", "tablet");
            Event event = stream.next(WAIT);
            assertEquals("FORCE_LOGOUT", event.type());
            assertEquals("REPLACED", event.json().getString("code"));
        }
    }

    @Test
    void aForcedLockReleaseTellsTheHolderAndWaitersHearItIsAvailable() throws Exception {
        Login alice = api.login("alice", "web");
        Login bob = api.login("bob", "desk");
        String id = "push-" + UUID.randomUUID();
        api.post("locks/order/" + id, alice.token(), null).assertOk(201);
        api.post("locks/order/" + id, bob.token(), null).assertProblem(423, "LOCK_HELD");
        try (EventStream aliceEvents = openWithTicket(alice.token()); EventStream bobEvents = openWithTicket(bob.token())) {
            api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"urgent fix\"}").assertOk(200);

            Event released = aliceEvents.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", released.type());
            assertEquals("order", released.json().getString("type"));
            assertEquals(id, released.json().getString("id"));
            assertEquals("urgent fix", released.json().getString("reason"));
            assertEquals("admin", released.json().getString("by"));

            Event available = bobEvents.next(WAIT);
            assertEquals("LOCK_AVAILABLE", available.type());
            assertEquals(id, available.json().getString("id"));
            api.post("locks/order/" + id, bob.token(), null).assertOk(201);
        }
    }

    @Test
    void ticketsWorkOnceOnlyAndNotForever() throws Exception {
        Login alice = api.login("alice", "tickets");
        String ticket = ticket(alice.token());
        try (EventStream first = EventStream.open(api.request("events?ticket=" + ticket, null))) {
            assertEquals(200, first.status());
        }
        EventStream reused = EventStream.open(api.request("events?ticket=" + ticket, null));
        assertEquals(401, reused.status());
        assertTrue(reused.body().contains("TOKEN_INVALID"), reused.body());

        String forged = ticket.substring(0, ticket.length() - 3) + "AAA";
        assertEquals(401, EventStream.open(api.request("events?ticket=" + forged, null)).status());
        assertEquals(401, EventStream.open(api.request("events?ticket=" + "x".repeat(5000), null)).status());
        assertEquals(401, EventStream.open(api.request("events", null)).status());

        String expiring = ticket(alice.token());
        Wait.elapse(Duration.ofMillis(2500), "the ticket's 2 s lifetime runs out");
        assertEquals(401, EventStream.open(api.request("events?ticket=" + expiring, null)).status());

        api.post("events/ticket", null, null).assertProblem(401, "TOKEN_MISSING");
    }

    @Test
    void anEventBetweenTheTicketAndItsStreamIsReplayed() throws Exception {
        Login alice = api.login("alice", "ticket-gap");
        forceReleaseALockOf(alice);
        String ticket = ticket(alice.token());
        String between = forceReleaseALockOf(alice);

        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket, null))) {
            assertEquals(200, stream.status(), stream::body);
            Event replayed = stream.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", replayed.type());
            assertEquals(between, replayed.json().getString("id"), "the event after the ticket, not the one before it");
        }
    }

    @Test
    void aReconnectReplaysWhatWasMissed() throws Exception {
        Login alice = api.login("alice", "replay");
        String lastSeen;
        try (EventStream stream = openWithTicket(alice.token())) {
            forceReleaseALockOf(alice);
            lastSeen = stream.next(WAIT).id();
        }
        List<String> missed = new ArrayList<>();
        missed.add(forceReleaseALockOf(alice));
        missed.add(forceReleaseALockOf(alice));

        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(alice.token()), null)
                .header("Last-Event-ID", lastSeen))) {
            assertEquals(200, stream.status(), stream::body);
            List<String> replayed = new ArrayList<>();
            for (Event event = stream.next(WAIT); event != null; event = stream.next(Duration.ofMillis(300))) {
                replayed.add(event.type() + " " + (event.data().isEmpty() ? "" : event.json().getString("id", "?")));
            }
            assertEquals(List.of("EDIT_LOCK_RELEASED " + missed.get(0), "EDIT_LOCK_RELEASED " + missed.get(1)), replayed,
                    () -> "after " + lastSeen + ", nothing older");
        }
    }

    @Test
    void aStreamStartsWithTheIdToResumeFromSoEventsBeforeItsFirstAreReplayed() throws Exception {
        Login alice = api.login("alice", "first-event");
        String resumeFrom;
        try (EventStream stream = openWithTicket(alice.token())) {
            Event open = stream.nextAny(WAIT);
            assertEquals("STREAM_OPEN", open.type());
            assertEquals(open.id(), open.json().getString("lastEventId"));
            resumeFrom = open.id();
        }
        String missed = forceReleaseALockOf(alice);

        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(alice.token())
                + "&lastEventId=" + resumeFrom, null))) {
            Event replayed = stream.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", replayed.type());
            assertEquals(missed, replayed.json().getString("id"));
        }
    }

    @Test
    void keepAliveCommentsFlow() throws Exception {
        Login alice = api.login("alice", "keepalive");
        try (EventStream stream = openWithTicket(alice.token())) {
            Event item = stream.nextAny(Duration.ofSeconds(3));
            while (item != null && !item.type().equals("comment")) {
                item = stream.nextAny(Duration.ofSeconds(3));
            }
            assertNotNull(item, "a keep-alive comment within 3 s");
        }
    }

    @Test
    void aSessionHoldsAtMostThreeStreams() throws Exception {
        Login alice = api.login("alice", "cap");
        EventStream oldest = openWithTicket(alice.token());
        List<EventStream> newer = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            newer.add(openWithTicket(alice.token()));
        }
        assertEquals("end", oldest.next(WAIT).type(), "the oldest stream is closed");
        oldest.close();
        newer.forEach(EventStream::close);
    }

    @Test
    void aThousandConnectsAndDisconnectsLeaveNoStreamBehind() throws Exception {
        int baseline = settledStreams();
        Login alice = api.login("alice", "churn");
        for (int i = 0; i < 1000; i++) {
            try (EventStream stream = EventStream.open(api.request("events", alice.token()))) {
                assertEquals(200, stream.status());
            }
        }
        assertEquals(baseline, settledStreams());
    }

    /** Open streams once closed connections are found (keep-alives every 0.5 s), within 20 s. */
    private int settledStreams() throws InterruptedException {
        int[] open = {openStreams()};
        Wait.atMost(Duration.ofSeconds(20), () -> (open[0] = openStreams()) == 0);
        return open[0];
    }

    @Test
    void everyKickReachesItsStreamAtOnce() throws Exception {
        List<Long> fromReturn = new ArrayList<>();
        List<Long> fromSend = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Login victim = api.login("bob", "latency");
            try (EventStream stream = openWithBearer(victim.token())) {
                long sent = System.nanoTime();
                Reply kicked = api.delete("admin/sessions/" + victim.sessionId(), admin);
                long returned = System.nanoTime();
                kicked.assertOk(200);
                Event event = stream.next(WAIT);
                assertEquals("FORCE_LOGOUT", event.type());
                fromReturn.add((event.receivedNanos() - returned) / 1000);
                fromSend.add((event.receivedNanos() - sent) / 1000);
            }
        }
        System.out.println("[figure] kick-to-event latency, same instance, 40 kicks: " + Latency.describe(fromReturn, fromSend));
        assertTrue(Latency.percentileMillis(fromSend, 99) <= Latency.AT_ONCE_MS, Latency.describe(fromReturn, fromSend));
    }

    private String forceReleaseALockOf(Login who) {
        String id = "replay-" + UUID.randomUUID();
        api.post("locks/order/" + id, who.token(), null).assertOk(201);
        api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"r\"}").assertOk(200);
        return id;
    }

    private int openStreams() {
        return api.get("admin/streams", admin).assertOk(200).getInt("open");
    }

    private String ticket(String token) {
        JsonObject ticket = api.post("events/ticket", token, null).assertOk(200);
        assertTrue(ticket.getInt("expiresIn") <= 30);
        return ticket.getString("ticket");
    }

    private EventStream openWithTicket(String token) {
        EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(token), null));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }

    private EventStream openWithBearer(String token) {
        EventStream stream = EventStream.open(api.request("events", token));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }
}
