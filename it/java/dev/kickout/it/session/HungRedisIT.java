package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis hung (SIGSTOP: connections open, no replies), not down: requests must still fail closed
 * with 503 and, once the breaker has opened, fail at once, so a busy server keeps its threads;
 * when Redis wakes up service returns by itself, with the sessions intact.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HungRedisIT {

    private static final int STORM = 200;
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration RECOVERY = Duration.ofSeconds(10);
    /** A page that needs no Redis must answer within this during the storm (without the breaker: 5.6 s measured). */
    private static final long STATIC_PAGE_BOUND_MILLIS = 3_000;
    /**
     * With the breaker open, 503s come without waiting for Redis' own timeout (1 s by default):
     * asserted on the median, which a loaded 2-core machine does not push past it; p99 is printed.
     */
    private static final long OPEN_P50_BOUND_MILLIS = 500;

    /** The near cache off: this is the Redis path's behaviour; the cache's under a hung Redis is NearCacheFenceIT's. */
    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("kickout.war", Map.of("kickout.session.near-cache", "false"));
    }

    @ArquillianResource
    URL base;

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
    }

    @Test
    void aStormAgainstAHungRedisGets503sTheServerStaysResponsiveAndServiceReturnsByItself() throws Exception {
        Api api = new Api(base);
        String token = api.login("alice", "web").token();
        api.get("auth/me", token).assertOk(200);

        TestRedis.hang();
        long hungAt = System.nanoTime();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch firstReply = new CountDownLatch(1);
        AtomicInteger answered = new AtomicInteger();
        ExecutorService clients = Executors.newFixedThreadPool(STORM);
        List<Future<Timed>> storm = new ArrayList<>();
        Timed page;
        int outstanding;
        try {
            for (int i = 0; i < STORM; i++) {
                storm.add(clients.submit(() -> {
                    start.await();
                    Timed timed = Timed.of(() -> send(api, api.request("auth/me", token)));
                    answered.incrementAndGet();
                    firstReply.countDown();
                    return timed;
                }));
            }
            start.countDown();
            // The first wave now holds the server's threads, the rest of the storm is queued behind it.
            assertTrue(firstReply.await(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS), "no reply at all");
            outstanding = STORM - answered.get();
            page = Timed.of(() -> send(api, HttpRequest.newBuilder(URI.create(base + "index.html"))));
        } finally {
            clients.shutdown();
        }
        assertTrue(clients.awaitTermination(60, TimeUnit.SECONDS), "storm still running after 60 s");

        List<Timed> replies = new ArrayList<>();
        for (Future<Timed> reply : storm) {
            replies.add(reply.get());
        }
        replies.forEach(HungRedisIT::assertStoreUnavailable);
        long firstRefusal = replies.stream().mapToLong(Timed::endNanos).min().orElseThrow() - hungAt;
        System.out.printf("[figure] hung Redis: first 503 %d ms after the hang%n", firstRefusal / 1_000_000);
        printLatencies(STORM + " concurrent requests against a hung Redis", replies);
        System.out.printf("[figure] static page during the storm (sent with %d of %d requests unanswered): %d ms%n",
                outstanding, STORM, page.millis());
        assertEquals(200, page.reply().status(), page.reply()::body);
        assertTrue(page.millis() < STATIC_PAGE_BOUND_MILLIS,
                "a page that needs no Redis took " + page.millis() + " ms during the storm");

        long resumedAt = System.nanoTime();
        TestRedis.resume();
        awaitOk(() -> api.get("auth/me", token)); // same token: hanging lost nothing
        System.out.printf("[figure] hung Redis: first authenticated 200 %d ms after the resume%n",
                (System.nanoTime() - resumedAt) / 1_000_000);
    }

    @Test
    void withTheBreakerOpenRefusalsAreImmediateAndReadinessIsDownWithoutInternals() throws Exception {
        Api api = new Api(base);
        String token = api.login("bob", "web").token();

        TestRedis.hang();
        List<Timed> opening = burst(6, 1, () -> send(api, api.request("auth/me", token)));
        opening.forEach(HungRedisIT::assertStoreUnavailable);
        Reply down = awaitReadiness(503, "\"open\"");
        String health = down.body();
        assertFalse(health.contains("redis://") || health.contains("127.0.0.1")
                || health.contains(String.valueOf(TestRedis.port())) || health.contains("Exception"),
                () -> "readiness names internals: " + health);

        List<Timed> refused = burst(20, 10, () -> send(api, api.request("auth/me", token)));
        refused.forEach(HungRedisIT::assertStoreUnavailable);
        long p50 = printLatencies("breaker open, 200 requests from 20 threads", refused);
        assertTrue(p50 < OPEN_P50_BOUND_MILLIS, "median " + p50 + " ms with the breaker open");

        TestRedis.resume();
        awaitOk(() -> api.get("auth/me", token));
        awaitReadiness(200, "UP");
    }

    /** {@code threads} clients, each sending {@code each} requests one after the other, all released together. */
    private static List<Timed> burst(int threads, int each, Supplier<Reply> call) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService clients = Executors.newFixedThreadPool(threads);
        List<Future<List<Timed>>> work = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                work.add(clients.submit(() -> {
                    start.await();
                    List<Timed> mine = new ArrayList<>();
                    for (int n = 0; n < each; n++) {
                        mine.add(Timed.of(call));
                    }
                    return mine;
                }));
            }
            start.countDown();
        } finally {
            clients.shutdown();
        }
        assertTrue(clients.awaitTermination(60, TimeUnit.SECONDS), "burst still running after 60 s");
        List<Timed> all = new ArrayList<>();
        for (Future<List<Timed>> mine : work) {
            all.addAll(mine.get());
        }
        return all;
    }

    /**
     * One request per connection as browsers send them over plain http (HTTP/1.1): with the client's
     * default h2c upgrade, Payara Micro 6.2025.10 multiplexes the whole storm on one HTTP/2
     * connection and answered none of it within the client timeout.
     */
    private static Reply send(Api api, HttpRequest.Builder request) {
        return api.send(request.timeout(CLIENT_TIMEOUT).version(HttpClient.Version.HTTP_1_1));
    }

    private static void assertStoreUnavailable(Timed timed) {
        timed.reply().assertProblem(503, "STORE_UNAVAILABLE");
        assertNotNull(timed.reply().header("Retry-After"), timed.reply()::body);
    }

    /** Prints p50/p99/max and returns p50 in milliseconds. */
    private static long printLatencies(String what, List<Timed> replies) {
        List<Long> millis = new ArrayList<>(replies.stream().map(Timed::millis).toList());
        Collections.sort(millis);
        long p50 = percentile(millis, 0.50);
        long p99 = percentile(millis, 0.99);
        System.out.printf("[figure] %s: p50 %d ms, p99 %d ms, max %d ms (n=%d)%n",
                what, p50, p99, millis.get(millis.size() - 1), millis.size());
        return p50;
    }

    private static long percentile(List<Long> sorted, double q) {
        return sorted.get((int) Math.ceil(q * sorted.size()) - 1);
    }

    /** Polls until 200; anything but 503 on the way is a failure. */
    private static void awaitOk(Supplier<Reply> call) {
        Wait.until(RECOVERY, last -> "recovery: a 200; last: " + last.body(), () -> {
            Reply reply = call.get();
            if (reply.status() != 200) {
                assertEquals(503, reply.status(), reply::body);
            }
            return reply;
        }, reply -> reply.status() == 200);
    }

    private Reply awaitReadiness(int status, String marker) {
        URI readiness = ServerUnderTest.current().readiness(base);
        Supplier<Reply> check = () -> new Api(readiness).send(HttpRequest.newBuilder(readiness).timeout(CLIENT_TIMEOUT).GET());
        return Wait.until(RECOVERY, last -> "readiness " + status + " with " + marker + "; last: " + last.status() + " " + last.body(),
                check, reply -> reply.status() == status && reply.body().contains(marker));
    }

    /** One reply with when it ended and how long it took. */
    private record Timed(Reply reply, long endNanos, long millis) {

        static Timed of(Supplier<Reply> call) {
            long start = System.nanoTime();
            Reply reply;
            try {
                reply = call.get();
            } catch (UncheckedIOException e) {
                throw new AssertionError("no answer within the client timeout: " + e.getCause(), e);
            }
            long end = System.nanoTime();
            return new Timed(reply, end, (end - start) / 1_000_000);
        }
    }
}
