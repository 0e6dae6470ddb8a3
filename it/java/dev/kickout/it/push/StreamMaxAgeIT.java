package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import java.net.URL;
import java.time.Duration;
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

/**
 * A stream lives at most {@code kickout.sse.max-age} (3 s here): it ends with {@code RECONNECT}
 * carrying the last event id, and a reconnect with a fresh ticket and {@code ?lastEventId=}
 * replays what was published while it was down.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamMaxAgeIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "streamage", "kickout.login.policy", "MULTI",
                "kickout.sse.max-age", "PT3S", "kickout.lock.force-release-grace", "PT0S"));
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
    void anAgedStreamClosesAndTheReconnectReplaysWhatWasMissed() throws Exception {
        Login alice = api.login("alice", "web");
        String resumeFrom;
        long opened = System.nanoTime();
        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(alice), null))) {
            assertEquals(200, stream.status(), stream::body);
            Event open = stream.nextAny(Duration.ofSeconds(5));
            assertEquals("STREAM_OPEN", open.type());
            String seen = forceReleaseALockOf(alice);
            Event released = stream.next(Duration.ofSeconds(5));
            assertEquals(seen, released.json().getString("id"));

            Event reconnect = stream.next(Duration.ofSeconds(6));
            long ageMillis = (System.nanoTime() - opened) / 1_000_000;
            assertNotNull(reconnect, "RECONNECT at the maximum age");
            assertEquals("RECONNECT", reconnect.type());
            assertEquals(released.id(), reconnect.id(), "RECONNECT keeps the resume point");
            assertTrue(ageMillis >= 2600, "not before max-age less its 10 % jitter: " + ageMillis + " ms");
            assertEquals("end", stream.next(Duration.ofSeconds(5)).type(), "the server closes the stream");
            resumeFrom = reconnect.id();
            System.out.println("[figure] max-age 3 s: RECONNECT after " + ageMillis + " ms");
        }
        String missed = forceReleaseALockOf(alice);

        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(alice)
                + "&lastEventId=" + resumeFrom, null))) {
            assertEquals(200, stream.status(), stream::body);
            Event replayed = stream.next(Duration.ofSeconds(5));
            assertEquals("EDIT_LOCK_RELEASED", replayed.type());
            assertEquals(missed, replayed.json().getString("id"));
        }
    }

    private String ticket(Login who) {
        return api.post("events/ticket", who.token(), null).assertOk(200).getString("ticket");
    }

    private String forceReleaseALockOf(Login who) {
        String id = "age-" + UUID.randomUUID();
        api.post("locks/order/" + id, who.token(), null).assertOk(201);
        api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"r\"}").assertOk(200);
        return id;
    }
}
