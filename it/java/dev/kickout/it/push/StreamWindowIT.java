package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * No event falls between a stream's replay and its live events: an event sent while a stream is
 * being opened (from a {@code StreamOpened} observer, after registration and before the replay is
 * read) reaches it exactly once, even when its live copy has already been delivered to the
 * instance's streams by the time the replay is read.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamWindowIT {

    static final Duration WAIT = Duration.ofSeconds(5);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "streamwindow", "kickout.login.policy", "MULTI",
                "kickout.lock.force-release-grace", "PT0S")).addClass(WindowProbe.class);
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
    void anEventSentWhileAStreamOpensReachesItExactlyOnce() throws Exception {
        for (boolean withLastEventId : new boolean[] {false, true}) {
            Login alice = api.login("alice", "window");
            try (EventStream watcher = EventStream.open(api.request("events", alice.token()))) {
                assertEquals(200, watcher.status(), watcher::body);
                String resumeFrom = watcher.nextAny(WAIT).id();
                api.post("app/it/window/" + alice.sessionId(), alice.token(), null).assertOk(204);

                String query = withLastEventId ? "&lastEventId=" + resumeFrom : "";
                String ticket = api.post("events/ticket", alice.token(), null).assertOk(200).getString("ticket");
                CompletableFuture<EventStream> opening = CompletableFuture.supplyAsync(
                        () -> EventStream.open(api.request("events?ticket=" + ticket + query, null)));

                Event live = watcher.next(WAIT);
                assertNotNull(live, "the live copy reached the instance's streams");
                assertEquals("IN_WINDOW", live.type());
                api.post("app/it/window/" + alice.sessionId() + "/go", alice.token(), null).assertOk(204);

                try (EventStream opened = opening.get(30, TimeUnit.SECONDS)) {
                    assertEquals(200, opened.status(), opened::body);
                    Event first = opened.next(WAIT);
                    assertNotNull(first, "the event sent in the window arrives (lastEventId given: " + withLastEventId + ")");
                    assertEquals("IN_WINDOW", first.type());
                    assertEquals(live.id(), first.id());

                    String after = forceReleaseALockOf(alice);
                    Event next = opened.next(WAIT);
                    assertEquals("EDIT_LOCK_RELEASED", next.type(), "IN_WINDOW came once, then the next event");
                    assertEquals(after, next.json().getString("id"));
                }
            }
        }
    }

    private String forceReleaseALockOf(Login who) {
        String id = "window-" + UUID.randomUUID();
        api.post("locks/order/" + id, who.token(), null).assertOk(201);
        api.post("admin/locks/order/" + id + "/release", admin, "{\"reason\":\"r\"}").assertOk(200);
        return id;
    }
}
