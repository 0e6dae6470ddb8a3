package dev.kickout.it.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stream caps under abuse: a user holds at most {@code kickout.sse.max-streams-per-user} streams on
 * an instance, the instance at most {@code kickout.sse.max-streams}; one more is a 429
 * {@code TOO_MANY_ATTEMPTS} problem with {@code Retry-After}, answered before any stream starts.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamCapsIT {

    static final int PER_USER = 100;
    static final int TOTAL = 150;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "streamcaps", "kickout.login.policy", "MULTI",
                        "kickout.sse.keepalive", "PT0.5S", "kickout.sse.max-streams-per-session", "1000",
                        "kickout.sse.max-streams-per-user", String.valueOf(PER_USER),
                        "kickout.sse.max-streams", String.valueOf(TOTAL)))
                .addClass(HeapProbe.class);
    }

    @ArquillianResource
    URL base;

    Api api;
    String admin;
    final List<EventStream> open = new ArrayList<>();

    @BeforeEach
    void setUp() {
        api = new Api(base);
        admin = api.login("admin", "console").token();
        // keep-alives every 0.5 s find the closed connections of an earlier test
        Wait.until(Duration.ofSeconds(20), streams -> "no streams left from an earlier test; open: " + streams,
                this::openStreams, streams -> streams == 0);
    }

    @AfterEach
    void closeAll() {
        open.forEach(EventStream::close);
    }

    @Test
    void aUserHoldsAtMostItsCapAcrossItsSessions() throws Exception {
        Login web = api.login("alice", "web");
        Login tablet = api.login("alice", "tablet");
        for (int i = 0; i < PER_USER; i++) {
            open.add(accepted(i % 2 == 0 ? web.token() : tablet.token()));
        }
        assertRefused(stream(web.token()));
        assertRefused(stream(api.login("alice", "phone").token()));
        open.add(accepted(api.login("bob", "web").token()));

        open.remove(0).close();
        // the closed connection is noticed at the next keep-alive (0.5 s)
        EventStream again = Wait.until(Duration.ofSeconds(10),
                last -> "a closed stream to free its slot; last answer: " + last.status() + " " + last.body(),
                () -> stream(web.token()), answer -> answer.status() != 429);
        assertEquals(200, again.status(), "a closed stream frees its slot");
        open.add(again);
        assertRefused(stream(tablet.token()));
    }

    @Test
    void anInstanceHoldsAtMostItsCap() throws Exception {
        long before = heapUsed();
        Login alice = api.login("alice", "web");
        Login bob = api.login("bob", "web");
        for (int i = 0; i < TOTAL; i++) {
            open.add(accepted(i < PER_USER ? alice.token() : bob.token()));
        }
        Login carol = api.login("carol", "web");
        int refused = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 200 && System.nanoTime() - start < Duration.ofSeconds(60).toNanos(); i++) {
            assertRefused(stream(carol.token()));
            refused++;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        int streams = openStreams();
        assertEquals(TOTAL, streams);
        long after = heapUsed();
        System.out.println("[figure] stream caps: " + PER_USER + " per user and " + TOTAL + " per instance hit; "
                + refused + " further opens refused with 429 in " + millis + " ms (" + (millis * 1000 / refused)
                + " us each); GET /admin/streams open=" + streams);
        System.out.println("[figure] server heap used after GC: " + before / 1024 + " KiB with no stream, " + after / 1024
                + " KiB with " + TOTAL + " open (" + (after - before) / TOTAL / 1024 + " KiB per stream, noisy)");
    }

    private EventStream accepted(String token) {
        EventStream stream = stream(token);
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }

    private EventStream stream(String token) {
        return EventStream.open(api.request("events", token));
    }

    private static void assertRefused(EventStream stream) {
        assertEquals(429, stream.status(), stream::body);
        assertTrue(String.valueOf(stream.header("Content-Type")).startsWith("application/problem+json"));
        JsonObject problem = Json.createReader(new StringReader(stream.body())).readObject();
        assertEquals("TOO_MANY_ATTEMPTS", problem.getString("code"));
        assertEquals(429, problem.getInt("status"));
        assertTrue(Long.parseLong(stream.header("Retry-After")) >= 1, "Retry-After " + stream.header("Retry-After"));
    }

    private int openStreams() {
        return api.get("admin/streams", admin).assertOk(200).getInt("open");
    }

    /** The least of three readings after a full collection each: the live heap, give or take noise. */
    private long heapUsed() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            least = Math.min(least, api.get("app/it/heap", admin).assertOk(200).getJsonNumber("used").longValue());
        }
        return least;
    }
}
