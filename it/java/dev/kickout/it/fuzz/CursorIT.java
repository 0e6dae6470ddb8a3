package dev.kickout.it.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
 * Cursor-like inputs: an event id, audit cursor or paging value that is not valid answers 400
 * {@code INVALID_REQUEST} (for an event stream before any stream opens, a ticket is spent or a cap
 * is counted); a valid one beyond every entry answers nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CursorIT {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final String BEYOND = "9223372036854775807-9223372036854775807";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("cursor.war", Map.of("kickout.key-prefix", "cursor", "kickout.login.policy", "MULTI",
                "kickout.sse.max-streams-per-session", "2", "kickout.sse.max-streams-per-user", "3"));
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
    void badEventIdsAnswer400AndOpenNoStream() throws Exception {
        Login alice = api.login("alice", "cursor");
        int open = openStreams();
        for (String cursor : Hostile.BAD_CURSORS) {
            if (cursor.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
                api.send(api.request("events", alice.token()).header("Accept", "text/event-stream")
                        .header("Last-Event-ID", cursor)).assertProblem(400, "INVALID_REQUEST");
            }
            api.send(api.request("events?lastEventId=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8), alice.token())
                    .header("Accept", "text/event-stream")).assertProblem(400, "INVALID_REQUEST");
        }
        assertEquals(open, openStreams(), "streams left open by refused cursors");
        // far more refusals than the caps (2 per session, 3 per user) allow, and a stream still opens
        try (EventStream stream = EventStream.open(api.request("events", alice.token()))) {
            assertEquals(200, stream.status(), stream::body);
            assertEquals(open + 1, openStreams());
        }
    }

    @Test
    void aTicketSurvivesABadEventId() {
        Login alice = api.login("alice", "ticket");
        String ticket = api.post("events/ticket", alice.token(), null).assertOk(200).getString("ticket");
        api.send(api.request("events?ticket=" + ticket + "&lastEventId=-1-0", null).header("Accept", "text/event-stream"))
                .assertProblem(400, "INVALID_REQUEST");
        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket, null))) {
            assertEquals(200, stream.status(), stream::body);
        }
    }

    @Test
    void anEventIdBeyondTheNewestReplaysNothingButTheStreamLives() throws Exception {
        Login alice = api.login("alice", "beyond");
        Login bob = api.login("bob", "beyond");
        makeLockAvailableFor(alice, bob, "beyond-1");
        try (EventStream all = EventStream.open(api.request("events?lastEventId=0-0", bob.token()))) {
            assertEquals(200, all.status(), all::body);
            Event replayed = all.next(WAIT);
            assertNotNull(replayed, "0-0 replays the stored LOCK_AVAILABLE");
            assertEquals("LOCK_AVAILABLE", replayed.type());
        }
        try (EventStream beyond = EventStream.open(api.request("events", bob.token()).header("Last-Event-ID", BEYOND))) {
            assertEquals(200, beyond.status(), beyond::body);
            assertNull(beyond.next(Duration.ofSeconds(2)), "an id beyond the newest replays nothing");
            makeLockAvailableFor(alice, bob, "beyond-2");
            Event live = beyond.next(WAIT);
            assertNotNull(live, "live events still arrive");
            assertEquals("beyond-2", live.json().getString("id"));
        }
    }

    @Test
    void auditCursorsAndPagingValues() {
        assertEquals(0, api.get("admin/audit?before=0-0", admin).assertOk(200).getJsonArray("items").size());
        api.get("admin/audit?before=" + BEYOND, admin).assertOk(200);
        for (String cursor : Hostile.BAD_CURSORS) {
            api.get("admin/audit?before=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8), admin)
                    .assertProblem(400, "INVALID_REQUEST");
        }
        api.get("admin/audit?from=tomorrow", admin).assertProblem(400, "INVALID_REQUEST");
        api.get("admin/audit?to=%2B1000000000-01-01T00:00:00Z", admin).assertProblem(400, "INVALID_REQUEST");

        for (String listing : new String[] {"admin/sessions", "admin/users/online"}) {
            JsonObject far = api.get(listing + "?offset=2147483647&limit=500", admin).assertOk(200);
            assertEquals(0, far.getJsonArray("items").size(), listing);
            api.get(listing + "?offset=2147483648", admin).assertProblem(400, "INVALID_REQUEST");
            api.get(listing + "?offset=-1", admin).assertProblem(400, "INVALID_REQUEST");
            api.get(listing + "?limit=0", admin).assertProblem(400, "INVALID_REQUEST");
            api.get(listing + "?limit=501", admin).assertProblem(400, "INVALID_REQUEST");
        }
        assertEquals(0, api.get("admin/locks?offset=1000000000", admin).assertOk(200).getJsonArray("items").size());
        api.get("admin/locks?offset=1000000001", admin).assertProblem(400, "INVALID_REQUEST");
        api.get("admin/locks?limit=1e3", admin).assertProblem(400, "INVALID_REQUEST");
    }

    /** Bob is refused the lock Alice holds, then Alice releases it: Bob's log gets LOCK_AVAILABLE. */
    private void makeLockAvailableFor(Login holder, Login waiter, String id) {
        String lockToken = api.post("locks/cursor-doc/" + id, holder.token(), null).assertOk(201).getString("lockToken");
        api.post("locks/cursor-doc/" + id, waiter.token(), null).assertProblem(423, "LOCK_HELD");
        api.send(api.request("locks/cursor-doc/" + id, holder.token(), lockToken).DELETE()).assertOk(204);
    }

    private int openStreams() {
        return api.get("admin/streams", admin).assertOk(200).getInt("open");
    }
}
