package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * An abuse of the audit trail: a plain user hammers an admin endpoint (8,000 denials) after routine traffic
 * overfilled the activity stream. Every force action stays listed, denials make a bounded number of
 * entries whose counts add up, and a filter that matches nothing is answered in bounded pages.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditFloodIT {

    private static final String PREFIX = "audit-flood";
    private static final int CAPACITY = 2_100;
    /**
     * Routine entries land in the shards by their target (uniformly): 2,600 puts 325 in each on average,
     * nearly four standard deviations above a shard's share of the capacity (262), so every shard fills.
     */
    private static final int ROUTINE = 2_600;
    private static final int DENIALS = 8_000;
    private static final Duration WINDOW = Duration.ofSeconds(5);
    private static final int THREADS = 8;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("audit-flood.war", Map.of("kickout.key-prefix", PREFIX,
                "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.audit.activity-capacity", Integer.toString(CAPACITY),
                "kickout.audit.denial-window", WINDOW.toString()));
    }

    @ArquillianResource
    URL base;

    @Test
    void forceActionsSurviveAFloodOfDenialsAndRoutineEntries() throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        Login bob = api.login("bob", "web");
        api.delete("admin/sessions/" + bob.sessionId() + "?reason=flood-kick", admin).assertOk(200);
        Login carol = api.login("carol", "tablet");
        api.login("carol", "tablet");
        Login editor = api.login("bob", "desk");
        api.post("locks/document/flood-1", editor.token(), null).assertOk(201);
        api.post("admin/locks/document/flood-1/release", admin, "{\"reason\":\"flood-release\"}").assertOk(200);
        Map<String, String> forced = Map.of("FORCE_LOGOUT", "session:" + bob.sessionId(),
                "SESSION_REPLACED", "session:" + carol.sessionId(), "LOCK_FORCE_RELEASE", "lock:document/flood-1");

        // one device type per thread: PER_DEVICE_TYPE would otherwise replace (a force action) parallel logins
        parallel(ROUTINE, i -> api.post("auth/logout", api.login("carol", Thread.currentThread().getName()).token(),
                null).assertOk(204));
        String alice = api.login("alice", "web").token();
        long start = System.nanoTime();
        parallel(DENIALS, i -> api.get("admin/audit", alice).assertProblem(403, "FORBIDDEN"));
        Duration flood = Duration.ofNanos(System.nanoTime() - start);

        List<JsonObject> all = AuditPages.all(api, admin, "", 20);
        for (Map.Entry<String, String> action : forced.entrySet()) {
            assertEquals(1, all.stream().filter(e -> e.getString("action").equals(action.getKey())
                    && e.getString("target").equals(action.getValue())).count(), action::toString);
            List<JsonObject> filtered = AuditPages.all(api, admin, AuditPages.param("action", action.getKey()) + "&"
                    + AuditPages.param("target", action.getValue()), 3);
            assertEquals(1, filtered.size(), action::toString);
        }
        List<JsonObject> denials = all.stream().filter(e -> e.getString("action").equals("ADMIN_DENIED")).toList();
        long windows = flood.toMillis() / WINDOW.toMillis() + 2;
        assertTrue(denials.size() >= 1 && denials.size() <= windows, denials.size() + " denial entries for "
                + windows + " windows");
        assertEquals(DENIALS, countedDenials(denials), "every denial is an entry or counted in one");
        long routine = all.stream().filter(e -> e.getString("action").equals("LOGOUT")).count();
        assertTrue(routine < ROUTINE && all.size() - forced.size() <= CAPACITY, "routine entries trimmed by count: "
                + routine);

        RedissonClient redis = TestRedis.client();
        assertEquals(forced.size(), AuditShards.sizes(AuditShards.force(PREFIX)).stream().mapToLong(n -> n).sum());
        List<Long> activity = AuditShards.sizes(AuditShards.activity(PREFIX));
        long shareOfCapacity = CAPACITY / activity.size();
        assertTrue(activity.stream().allMatch(n -> n <= shareOfCapacity), "each shard holds its share at most: "
                + activity);
        assertTrue(activity.stream().filter(n -> n == shareOfCapacity).count() >= activity.size() / 2,
                "the routine flood filled most shards to their share: " + activity);

        int[] requests = new int[1];
        List<JsonObject> none = pagesFor(api, admin, "actor=nobody-at-all", requests);
        assertTrue(none.isEmpty());
        assertTrue(requests[0] >= 2 && requests[0] <= 3, "a scan-cut page says next: " + requests[0] + " requests");

        System.out.printf("[figure] audit flood: %d denied admin calls in %d ms (%.0f/s, %d threads)%n", DENIALS,
                flood.toMillis(), DENIALS * 1000.0 / flood.toMillis(), THREADS);
        System.out.printf("[figure] audit flood: %d ADMIN_DENIED entries written for %d denials (window %s)%n",
                denials.size(), DENIALS, WINDOW);
        System.out.printf("[figure] audit flood: %d of %d force-action entries kept; %d routine LOGOUT entries of %d"
                + " kept (activity capacity %d)%n", forced.size(), forced.size(), routine, ROUTINE, CAPACITY);
    }

    /** Entries plus their repeatedBefore counts, plus the open window's count kept in Redis. */
    private static long countedDenials(List<JsonObject> denials) {
        long total = 0;
        for (JsonObject entry : denials) {
            JsonObject details = entry.getJsonObject("details");
            total += 1 + (details.containsKey("repeatedBefore") ? Long.parseLong(details.getString("repeatedBefore")) : 0);
        }
        RedissonClient redis = TestRedis.client();
        Set<String> open = redis.getKeys().getKeysStream().filter(k -> k.startsWith(PREFIX + ":{") && k.contains("}:audit:c:ADMIN_DENIED:"))
                .collect(Collectors.toSet());
        assertEquals(1, open.size(), open::toString);
        String count = redis.<String, String>getMap(open.iterator().next(), StringCodec.INSTANCE).get("count");
        return total + Long.parseLong(count) - 1;
    }

    private static List<JsonObject> pagesFor(Api api, String admin, String filter, int[] requests) {
        List<JsonObject> found = new ArrayList<>();
        String before = null;
        do {
            JsonObject page = api.get("admin/audit?limit=10&" + filter + (before == null ? "" : "&before=" + before),
                    admin).assertOk(200);
            requests[0]++;
            page.getJsonArray("items").forEach(v -> found.add(v.asJsonObject()));
            before = page.containsKey("next") && !page.isNull("next") ? page.getString("next") : null;
        } while (before != null && requests[0] < 10);
        assertFalse(before != null, "next cursor chain ended");
        return found;
    }

    /** Runs {@code calls} calls on {@link #THREADS} threads, bounded in time. */
    private static void parallel(int calls, IntConsumer call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        AtomicInteger next = new AtomicInteger();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < calls; i = next.getAndIncrement()) {
                        call.accept(i);
                    }
                }));
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(5, TimeUnit.MINUTES), "load loop finished in time");
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
