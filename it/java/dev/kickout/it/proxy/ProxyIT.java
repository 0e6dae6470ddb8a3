package dev.kickout.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.push.Latency;
import dev.kickout.it.support.NginxProcess;
import dev.kickout.it.support.WildFlyProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The reference app behind a real nginx ({@link ProxyStack}): event streams pass through at once and stay
 * open past nginx's read timeout, and requests are spread round-robin over two instances that share every
 * session. Prints kick-to-event figures, direct and through nginx.
 */
@ExtendWith(NginxProcess.Installed.class)
class ProxyIT {

    private static final int ROUNDS = 30;
    /** What nginx may add to a kick-to-event at the median: a buffered stream or a slow upstream adds far more. */
    private static final double PROXY_ADDS_MS = 50;
    /** Rounds before the measured ones, not counted (class loading, JIT, connection pools). */
    private static final int WARM_UP = 10;
    /** Deadline for any one event: generous, the figures say how fast they really are. */
    private static final Duration WAIT = Duration.ofSeconds(5);

    static ProxyStack stack;
    static Api proxy;
    static Api one;
    static Api two;

    @BeforeAll
    static void start() {
        stack = ProxyStack.start("proxy-it", Map.of("kickout.key-prefix", "proxy", "kickout.login.policy", "MULTI"));
        proxy = new Api(stack.contextRoot().resolve("api/"));
        one = new Api(stack.instances().get(0).contextRoot().resolve("api/"));
        two = new Api(stack.instances().get(1).contextRoot().resolve("api/"));
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void kickToEventThroughNginxBesideDirect() throws Exception {
        String admin = proxy.login("admin", "api").token();
        List<Long> directFromReturn = new ArrayList<>();
        List<Long> directFromSend = new ArrayList<>();
        List<Long> proxiedFromReturn = new ArrayList<>();
        List<Long> proxiedFromSend = new ArrayList<>();
        for (int i = 0; i < WARM_UP; i++) {
            kickToEvent(one, two, admin, new ArrayList<>(), new ArrayList<>());
            kickToEvent(proxy, proxy, admin, new ArrayList<>(), new ArrayList<>());
        }
        for (int i = 0; i < ROUNDS; i++) {
            // direct: stream on one, the kick on one or two in turn (as round-robin would send it)
            kickToEvent(one, i % 2 == 0 ? one : two, admin, directFromReturn, directFromSend);
            kickToEvent(proxy, proxy, admin, proxiedFromReturn, proxiedFromSend);
        }
        System.out.println("[figure] kick-to-event latency, direct (stream on one instance, kicks on both in turn), "
                + ROUNDS + " kicks: " + Latency.describe(directFromReturn, directFromSend));
        System.out.println("[figure] kick-to-event latency, through nginx (round-robin over two instances), "
                + ROUNDS + " kicks: " + Latency.describe(proxiedFromReturn, proxiedFromSend));
        // beside direct: nginx may add little at the median, and the event still comes at once
        assertTrue(Latency.percentileMillis(proxiedFromSend, 50) <= Latency.percentileMillis(directFromSend, 50) + PROXY_ADDS_MS,
                "through nginx " + Latency.describe(proxiedFromReturn, proxiedFromSend) + "; direct "
                        + Latency.describe(directFromReturn, directFromSend));
        assertTrue(Latency.percentileMillis(proxiedFromSend, 99) <= Latency.AT_ONCE_MS,
                Latency.describe(proxiedFromReturn, proxiedFromSend));
    }

    @Test
    void aQuietStreamOutlivesTheProxyReadTimeout() throws Exception {
        Login bob = proxy.login("bob", "quiet");
        try (EventStream stream = open(proxy, bob.token())) {
            assertTrue(stream.header("Content-Type").startsWith("text/event-stream"), stream.header("Content-Type"));
            Duration quiet = ProxyStack.EVENTS_READ_TIMEOUT.multipliedBy(2);
            long until = System.nanoTime() + quiet.toNanos();
            int keepAlives = 0;
            for (long left = quiet.toNanos(); left > 0; left = until - System.nanoTime()) {
                Event event = stream.nextAny(Duration.ofNanos(left));
                if (event == null) {
                    break;
                }
                assertNotEquals("end", event.type(), "nginx closed a stream on which only keep-alives ("
                        + ProxyStack.KEEPALIVE + ") came, read timeout " + ProxyStack.EVENTS_READ_TIMEOUT);
                if (event.type().equals("comment")) {
                    keepAlives++;
                }
            }
            // the keep-alives came through one by one, not held back by the proxy
            assertTrue(keepAlives >= quiet.dividedBy(ProxyStack.KEEPALIVE) / 2,
                    keepAlives + " keep-alives in " + quiet + " every " + ProxyStack.KEEPALIVE);

            String admin = proxy.login("admin", "api").token();
            proxy.delete("admin/sessions/" + bob.sessionId() + "?reason=after-a-quiet-while", admin).assertOk(200);
            Event event = stream.next(WAIT);
            assertNotNull(event, "no event within " + WAIT + " on a stream open for " + quiet);
            assertEquals("FORCE_LOGOUT", event.type());
            assertEquals("after-a-quiet-while", event.json().getString("reason"));
            System.out.printf("[figure] proxy: a stream stayed open %d s through nginx (read timeout %d s) with %d"
                    + " keep-alives, then carried the kick%n", quiet.toSeconds(),
                    ProxyStack.EVENTS_READ_TIMEOUT.toSeconds(), keepAlives);
        }
    }

    @Test
    void requestsGoRoundRobinAndASessionWorksOnEitherInstance() {
        Login alice = proxy.login("alice", "spread");
        int before = stack.nginx().awaitUpstreams(1).size();
        for (int i = 0; i < 10; i++) {
            proxy.get("auth/status", alice.token()).assertOk(200);
        }
        List<String> served = stack.nginx().awaitUpstreams(before + 10).subList(before, before + 10);
        Set<String> expected = new TreeSet<>();
        for (WildFlyProcess instance : stack.instances()) {
            expected.add("127.0.0.1:" + instance.httpPort());
            long count = served.stream().filter(("127.0.0.1:" + instance.httpPort())::equals).count();
            assertEquals(5, count, "round-robin: half of 10 requests on " + instance.name() + ", served by " + served);
        }
        assertEquals(expected, new TreeSet<>(served));

        Login bob = one.login("bob", "direct");
        two.get("auth/status", bob.token()).assertOk(200);
        String lockToken = two.post("locks/document/proxy-spread", bob.token(), null).assertOk(201).getString("lockToken");
        assertEquals("bob", one.get("locks/document/proxy-spread", bob.token()).assertOk(200)
                .getJsonObject("holder").getString("username"), "the lock taken on two, seen on one");
        one.send(one.request("locks/document/proxy-spread", bob.token(), lockToken).DELETE()).assertOk(204);
        one.post("auth/logout", bob.token(), null).assertOk(204);
        two.refusedWithin("auth/status", bob.token(), Api.CROSS_INSTANCE).assertProblem(401, "LOGGED_OUT");
    }

    /** One round: a fresh session's stream opened through {@code streamVia}, kicked through {@code kickVia}. */
    private static void kickToEvent(Api streamVia, Api kickVia, String admin, List<Long> fromReturn, List<Long> fromSend)
            throws InterruptedException {
        Login victim = streamVia.login("carol", "latency");
        try (EventStream stream = open(streamVia, victim.token())) {
            long sent = System.nanoTime();
            kickVia.delete("admin/sessions/" + victim.sessionId(), admin).assertOk(200);
            long returned = System.nanoTime();
            Event event = stream.next(WAIT);
            assertNotNull(event, "no event within " + WAIT);
            assertEquals("FORCE_LOGOUT", event.type());
            fromReturn.add((event.receivedNanos() - returned) / 1000);
            fromSend.add((event.receivedNanos() - sent) / 1000);
        }
    }

    private static EventStream open(Api api, String token) {
        EventStream stream = EventStream.open(api.request("events", token));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }
}
