package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
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
 * Streams end with their session, not only on revocation: with a 2 s idle timeout and a 4 s
 * maximum lifetime, an idle session's stream gets {@code SESSION_EXPIRED} and closes; a session kept
 * busy keeps its stream past the first timeout, until the lifetime cap ends it. The waits let
 * wall-clock time pass for expiry; they synchronise with nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamExpiryIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "streamexpiry", "kickout.login.policy", "MULTI",
                "kickout.session.ttl", "PT2S", "kickout.session.max-lifetime", "PT4S"));
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void anIdleSessionsStreamIsToldAndClosed() throws Exception {
        Login bob = api.login("bob", "web");
        String ticket = api.post("events/ticket", bob.token(), null).assertOk(200).getString("ticket");
        long lastRequest = System.nanoTime();
        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket, null))) {
            assertEquals(200, stream.status(), stream::body);
            Event expired = stream.next(Duration.ofSeconds(6));
            long afterMillis = (System.nanoTime() - lastRequest) / 1_000_000;
            assertNotNull(expired, "SESSION_EXPIRED within 6 s");
            assertEquals("SESSION_EXPIRED", expired.type());
            assertNotNull(expired.id());
            JsonObject data = expired.json();
            assertEquals("TOKEN_EXPIRED", data.getString("code"));
            assertEquals(bob.sessionId(), data.getString("sessionId"));
            assertTrue(data.getString("reason").startsWith("Idle"), data.toString());
            Instant.parse(data.getString("at"));
            assertTrue(afterMillis >= 1900, "told only once the 2 s timeout passed: " + afterMillis + " ms");
            assertEquals("end", stream.next(Duration.ofSeconds(5)).type(), "the stream closes after SESSION_EXPIRED");
            System.out.println("[figure] idle session (ttl 2 s): SESSION_EXPIRED reached its stream " + afterMillis
                    + " ms after its last request");
        }
        api.get("auth/status", bob.token()).assertProblem(401, "TOKEN_EXPIRED");
    }

    @Test
    void aBusySessionKeepsItsStreamUntilItsLifetimeEnds() throws Exception {
        Login carol = api.login("carol", "web");
        long loggedIn = System.nanoTime();
        try (EventStream stream = EventStream.open(api.request("events", carol.token()))) {
            assertEquals(200, stream.status(), stream::body);
            while (System.nanoTime() - loggedIn < Duration.ofMillis(3200).toNanos()) {
                api.get("auth/status", carol.token()).assertOk(200);
                Event item = stream.nextAny(Duration.ofMillis(300));
                assertFalse(item != null && !item.type().equals("comment") && !item.type().equals("STREAM_OPEN"),
                        () -> "nothing ends a busy session's stream: " + item);
            }
            Event expired = stream.next(Duration.ofSeconds(4));
            long afterMillis = (System.nanoTime() - loggedIn) / 1_000_000;
            assertNotNull(expired, "SESSION_EXPIRED at the 4 s cap");
            assertEquals("SESSION_EXPIRED", expired.type());
            String loginTime = carol.body().getJsonObject("session").getString("loginTime");
            assertTrue(expired.json().getString("reason").startsWith("Reached the maximum"),
                    () -> expired.data() + " for a login at " + loginTime + ", " + afterMillis + " ms after login");
            assertTrue(afterMillis >= 3800, "told only at the cap: " + afterMillis + " ms after login");
            assertEquals("end", stream.next(Duration.ofSeconds(5)).type());
            System.out.println("[figure] busy session (ttl 2 s, max lifetime 4 s): stream open past the first ttl, "
                    + "SESSION_EXPIRED " + afterMillis + " ms after login");
        }
    }
}
