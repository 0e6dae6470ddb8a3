package dev.kickout.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.cleanup.Sweeper;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.RedisTopology;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Topology;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A million live sessions: fills {@code kickout.bench.sessions} sessions over {@code kickout.bench.users}
 * users (10^6 over 10^5 on the Cluster run, 10^5 over 10^4 on the single Redis; the same number each),
 * opened in the server through the module's {@code SessionService.open} ({@link SessionFill}, 1,000 per call,
 * {@code kickout.bench.fill-threads} calls at once), then measures under that load:
 * <ul>
 * <li>Redis {@code used_memory} and {@code DBSIZE} of each master and in all (replicas apart), and per session;</li>
 * <li>{@code POST /auth/login} of the demo users over HTTP, each followed by an unmeasured logout
 * ({@code kickout.bench.logins}), client-side latency;</li>
 * <li>{@code GET /admin/sessions?limit=50}, page 1 and the deepest page the listing serves
 * ({@code offset=9950}), 200 runs each;</li>
 * <li>{@code POST /admin/users/{userId}/logout} of {@code kickout.bench.kicks} users (200: enough runs for a p99
 * that is not just the slowest one) with 100 sessions each (asserted all gone);</li>
 * <li>one {@link Sweeper#sweepOnce()} in the server.</li>
 * </ul>
 * Latencies are p50 / p99 / max of sequential requests from one client over loopback.
 *
 * <pre>
 * ./mvnw -Pbench verify -Dit.topology=cluster -Dit.test=MillionSessionsBench
 * ./mvnw -Pbench verify -Dit.test=MillionSessionsBench -Dkickout.bench.sessions=100000 -Dkickout.bench.users=10000
 * </pre>
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MillionSessionsBench {

    static final int KICK_USERS = Integer.getInteger("kickout.bench.kicks", 200);
    static final int KICK_SESSIONS = 100;
    static final int LISTING_RUNS = 200;
    static final int DEEP_OFFSET = 9_950;

    static long[] before;

    @Deployment
    static WebArchive deployment() {
        return Deployments.referenceWar("million.war", Map.of("kickout.key-prefix", "million",
                        "kickout.login.policy", "MULTI", "kickout.cleanup.interval", "PT1H",
                        // the fill and the measurements must not outlive the sessions (30 minutes idle by default)
                        "kickout.session.ttl", "PT3H"))
                // JUnit reads every method's signature in the server too (for the in-container sweep)
                .addClasses(SessionFill.class, Api.class, Api.Login.class, Reply.class, Latencies.class);
    }

    @Inject
    Sweeper sweeper;

    @Test
    @Order(1)
    @RunAsClient
    void fill(@ArquillianResource URL base) throws Exception {
        before = memoryAndKeys(nodes("master"));
        int sessions = Integer.getInteger("kickout.bench.sessions", cluster() ? 1_000_000 : 100_000);
        int users = Integer.getInteger("kickout.bench.users", sessions / 10);
        int threads = Integer.getInteger("kickout.bench.fill-threads", 8);
        if (sessions % users != 0 || sessions / users > KICK_SESSIONS) {
            throw new IllegalArgumentException("kickout.bench.sessions must be 1..100 times kickout.bench.users");
        }
        Api api = new Api(base);
        String token = api.login("admin", "web").token();
        long start = System.nanoTime();
        fill(api, token, "user", users, sessions / users, threads);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[figure] filled %,d sessions over %,d users (%d each) on %s in %,d ms: %,.0f sessions/s"
                + " (%d calls of SessionFill at once)%n", sessions, users, sessions / users, topology(), millis,
                sessions * 1000.0 / millis, threads);

        List<Integer> masters = nodes("master");
        long[] now = memoryAndKeys(masters);
        long memory = 0;
        long keys = 0;
        for (int i = 0; i < masters.size(); i++) {
            memory += now[2 * i];
            keys += now[2 * i + 1];
        }
        for (int i = 0; i < masters.size(); i++) {
            System.out.printf("[figure] master 127.0.0.1:%d: used_memory %.1f MB (%.1f %% of all), %,d keys (%.1f %% of all)%n",
                    masters.get(i), now[2 * i] / 1e6, 100.0 * now[2 * i] / memory, now[2 * i + 1],
                    100.0 * now[2 * i + 1] / keys);
        }
        long grown = memory - sum(before, 0);
        System.out.printf("[figure] Redis used_memory with %,d sessions: %.1f MB on %d master(s) (%.1f MB before the fill),"
                + " %,d keys; %d bytes per session incl. its user and indexes%n", sessions, memory / 1e6, masters.size(),
                sum(before, 0) / 1e6, keys, grown / sessions);
        if (cluster()) {
            long replicas = 0;
            for (int replica : nodes("slave")) {
                replicas += usedMemory(replica);
            }
            System.out.printf("[figure] the replicas hold another %.1f MB%n", replicas / 1e6);
        }

        start = System.nanoTime();
        fill(api, token, "kick", KICK_USERS, KICK_SESSIONS, threads);
        System.out.printf("[figure] filled %d users of %d sessions (for the kicks) in %,d ms%n", KICK_USERS,
                KICK_SESSIONS, (System.nanoTime() - start) / 1_000_000);
    }

    @Test
    @Order(2)
    @RunAsClient
    void login(@ArquillianResource URL base) {
        Api api = new Api(base);
        int logins = Integer.getInteger("kickout.bench.logins", 1_000);
        String[] users = {"alice", "bob", "carol"};
        Latencies latencies = new Latencies();
        for (int i = -50; i < logins; i++) { // the first 50 warm the path up
            String user = users[Math.floorMod(i, users.length)];
            long start = System.nanoTime();
            Reply reply = api.tryLogin(user, user, "web", "bench-" + i);
            long took = System.nanoTime() - start;
            String token = reply.assertOk(200).getString("token");
            if (i >= 0) {
                latencies.add(took);
            }
            assertEquals(204, api.post("auth/logout", token, null).status());
        }
        latencies.print("POST /auth/login (policy MULTI, each followed by a logout)");
    }

    @Test
    @Order(3)
    @RunAsClient
    void listing(@ArquillianResource URL base) {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        long filled = Integer.getInteger("kickout.bench.sessions", cluster() ? 1_000_000 : 100_000);
        for (String query : List.of("limit=50", "offset=" + DEEP_OFFSET + "&limit=50")) {
            Latencies latencies = new Latencies();
            for (int i = -10; i < LISTING_RUNS; i++) {
                long start = System.nanoTime();
                JsonObject page = api.get("admin/sessions?" + query, admin).assertOk(200);
                long took = System.nanoTime() - start;
                assertTrue(page.getInt("total") >= filled, () -> "total " + page.getInt("total"));
                assertEquals(50, page.getJsonArray("items").size());
                if (i >= 0) {
                    latencies.add(took);
                }
            }
            latencies.print("GET /admin/sessions?" + query);
        }
        Latencies online = new Latencies();
        for (int i = -10; i < LISTING_RUNS; i++) {
            long start = System.nanoTime();
            api.get("admin/users/online?limit=50", admin).assertOk(200);
            if (i >= 0) {
                online.add(System.nanoTime() - start);
            }
        }
        online.print("GET /admin/users/online?limit=50");
    }

    @Test
    @Order(4)
    @RunAsClient
    void kick(@ArquillianResource URL base) {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        Latencies latencies = new Latencies();
        for (int u = 0; u < KICK_USERS; u++) {
            String user = "kick-" + u;
            long start = System.nanoTime();
            JsonObject kicked = api.post("admin/users/" + user + "/logout", admin, "{\"reason\":\"bench\"}").assertOk(200);
            latencies.add(System.nanoTime() - start);
            assertEquals(KICK_SESSIONS, kicked.getInt("kicked"));
            assertEquals(0, api.get("admin/sessions?userId=" + user, admin).assertOk(200).getInt("total"));
        }
        latencies.print("POST /admin/users/{userId}/logout of a user with " + KICK_SESSIONS + " sessions");
    }

    @Test
    @Order(5)
    void sweep() {
        long start = System.nanoTime();
        assertTrue(sweeper.sweepOnce(), "this instance took the sweep lease");
        System.out.printf("[figure] one sweeper tick (Sweeper.sweepOnce) under the full load: %.1f ms%n",
                (System.nanoTime() - start) / 1e6);
    }

    /** Latencies of one kind of request, printed as p50 / p99 / max. */
    static final class Latencies {
        private final List<Long> nanos = new ArrayList<>();

        void add(long took) {
            nanos.add(took);
        }

        void print(String what) {
            nanos.sort(null);
            int n = nanos.size();
            System.out.printf("[figure] %s on %s: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d runs)%n", what, topology(),
                    nanos.get(n / 2) / 1e6, nanos.get((int) Math.ceil(n * 0.99) - 1) / 1e6, nanos.get(n - 1) / 1e6, n);
        }
    }

    /** Opens {@code perUser} sessions for each of {@code <prefix>-0 .. <prefix>-<users - 1>}, calls of 1,000 in parallel. */
    private static void fill(Api api, String token, String prefix, int users, int perUser, int threads) throws Exception {
        int step = SessionFill.MAX_PER_CALL / perUser;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int from = 0; from < users; from += step) {
                int first = from;
                int to = Math.min(users, from + step);
                calls.add(pool.submit(() -> {
                    int opened = api.post("app/bench/sessions?prefix=" + prefix + "&from=" + first + "&to=" + to
                            + "&perUser=" + perUser, token, null).assertOk(200).getInt("opened");
                    assertEquals((to - first) * perUser, opened);
                    return null;
                }));
            }
            for (Future<?> call : calls) {
                call.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static boolean cluster() {
        return RedisTopology.current() == RedisTopology.CLUSTER;
    }

    private static String topology() {
        return cluster() ? "the Cluster" : "single Redis";
    }

    /** The data nodes' ports: the masters first, then the replicas (the Cluster's), each by port. */
    private static List<Integer> nodes(String role) {
        List<Integer> ports = cluster() ? Topology.dataNodes().stream().map(RedisNodeProcess::port).sorted().toList()
                : List.of(TestRedis.port());
        return ports.stream().filter(port -> info(port, "replication").contains("role:" + role)).toList();
    }

    /** used_memory and DBSIZE of each node, in pairs. */
    private static long[] memoryAndKeys(List<Integer> ports) {
        long[] values = new long[2 * ports.size()];
        for (int i = 0; i < ports.size(); i++) {
            values[2 * i] = usedMemory(ports.get(i));
            try (RedisWire wire = new RedisWire(ports.get(i))) {
                values[2 * i + 1] = Long.parseLong(wire.call("DBSIZE"));
            }
        }
        return values;
    }

    private static long usedMemory(int port) {
        String memory = info(port, "memory");
        int at = memory.indexOf("used_memory:") + "used_memory:".length();
        return Long.parseLong(memory.substring(at, memory.indexOf('\r', at)).trim());
    }

    private static String info(int port, String section) {
        try (RedisWire wire = new RedisWire(port)) {
            return wire.call("INFO", section);
        }
    }

    private static long sum(long[] pairs, int column) {
        long sum = 0;
        for (int i = column; i < pairs.length; i += 2) {
            sum += pairs[i];
        }
        return sum;
    }
}
