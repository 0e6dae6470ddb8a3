package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import java.net.URL;
import java.time.Duration;
import java.util.List;
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
 * An open event stream tells proxies not to hold it back: {@code X-Accel-Buffering: no} (nginx's
 * per-response switch for proxy buffering) and exactly one {@code Cache-Control}, {@code no-cache}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamHeadersIT {

    private static final Duration WAIT = Duration.ofSeconds(5);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "stream-headers"));
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void aStreamOpenedWithTheBearerHeaderIsNotBuffered() throws Exception {
        String token = api.login("alice", "web").token();
        try (EventStream stream = EventStream.open(api.request("events", token))) {
            assertUnbuffered(stream);
        }
    }

    @Test
    void aStreamOpenedWithATicketIsNotBuffered() throws Exception {
        String token = api.login("bob", "web").token();
        String ticket = api.post("events/ticket", token, null).assertOk(200).getString("ticket");
        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket, null))) {
            assertUnbuffered(stream);
        }
    }

    private static void assertUnbuffered(EventStream stream) throws InterruptedException {
        assertEquals(200, stream.status(), stream::body);
        assertTrue(stream.header("Content-Type").startsWith("text/event-stream"), stream.header("Content-Type"));
        assertEquals(List.of("no"), stream.headers("X-Accel-Buffering"));
        assertEquals(List.of("no-cache"), stream.headers("Cache-Control"));
        EventStream.Event first = stream.nextAny(WAIT);
        assertNotNull(first, "nothing arrived on the stream");
        assertEquals("STREAM_OPEN", first.type());
    }
}
