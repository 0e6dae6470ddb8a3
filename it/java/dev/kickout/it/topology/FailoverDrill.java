package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.Topology;
import dev.kickout.it.topology.CallLog.Call;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * A failover under load, shared by {@code ClusterFailoverIT} and {@code SentinelFailoverIT}: kicks
 * (login on one instance, kick on the other), lock acquires and releases spread over instances a
 * and b, an event stream of the victim open on each; kill -9 of the master serving the victim's
 * slot in the middle; the load goes on until service is back and a while after. Then: every kick
 * answered 200 is refused on both instances, fences never repeat, every failure was a 503, and
 * both streams get the event of a kick made after the failover. {@link #heal()} restores the
 * topology ({@code @AfterAll}).
 */
final class FailoverDrill {

    static final String PREFIX = "failover";
    /** MULTI: the load's sessions do not replace each other; the cap is far above what the load keeps alive. */
    static final Map<String, String> SETTINGS = Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "MULTI",
            "kickout.login.max-sessions-per-user", "1000", "kickout.redis.wait-replicas", "1");

    private static final Duration WARM_UP = Duration.ofSeconds(60);
    private static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final Duration AFTER = Duration.ofSeconds(5);
    private static final Duration EVENT = Duration.ofSeconds(20);

    private final String topology;
    private final Api a;
    private final Api b;
    private final Placement placement;
    private final CallLog log = new CallLog();
    private final Queue<String> confirmed = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile RedisNodeProcess killed;

    FailoverDrill(String topology, URL baseA, URL baseB) {
        this.topology = topology;
        this.a = new Api(baseA);
        this.b = new Api(baseB);
        this.placement = Placement.choose(PREFIX);
    }

    void run() throws Exception {
        System.out.println("[figure] " + topology + " failover drill: " + placement);
        AdminToken admin = new AdminToken(a, log, false);
        Login watched = a.login(placement.victim(), "sse");
        List<FenceLoad> fences = placement.resources().stream()
                .map(r -> new FenceLoad(a, b, r, placement.lockUser(), log, stop)).toList();
        ExecutorService pool = Executors.newFixedThreadPool(2 + fences.size());
        try (SseWatch onA = new SseWatch(a, watched.token(), "a"); SseWatch onB = new SseWatch(b, watched.token(), "b")) {
            pool.submit(new KickLoad(a, b, placement.victim(), admin, log, confirmed, stop));
            pool.submit(new KickLoad(b, a, placement.victim(), admin, log, confirmed, stop));
            fences.forEach(pool::submit);
            Poll.until(() -> succeeded("kick", Long.MIN_VALUE) >= 10 && fences.stream().allMatch(f -> f.fences().size() >= 3),
                    WARM_UP, "the load runs (10 kicks, 3 fences per resource) before the kill");

            Topology.kill(placement.killed());
            killed = placement.killed();
            long killedAt = System.nanoTime();
            Poll.until(() -> log.firstSuccessAfter(killedAt).isPresent(), RECOVERY,
                    "a request on the killed master's slots succeeds again after the kill");
            long back = log.firstSuccessAfter(killedAt).orElseThrow().answeredNanos();
            Poll.until(() -> System.nanoTime() - back > AFTER.toNanos() && succeeded("kick", back) >= 10
                    && succeeded("acquire", back) >= 3L * fences.size(), RECOVERY, "the load goes on after recovery");
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS), "the load stops");

            onA.keepOpen(RECOVERY);
            onB.keepOpen(RECOVERY);
            kickAfterFailover(admin, watched.sessionId());
            String onAType = onA.next(EVENT).type();
            String onBType = onB.next(EVENT).type();
            judge(killedAt, back, fences, onA.reconnects() + onB.reconnects());
            assertEquals("FORCE_LOGOUT", onAType, "a kick after the failover reaches the stream on a");
            assertEquals("FORCE_LOGOUT", onBType, "a kick after the failover reaches the stream on b");
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    /** Restarts the killed node (it rejoins as a replica) and waits for a healthy topology. */
    void heal() {
        RedisNodeProcess node = killed;
        if (node != null) {
            Topology.restart(node);
            Topology.awaitHealthy(Duration.ofSeconds(90));
            killed = null;
        }
    }

    private void judge(long killedAt, long back, List<FenceLoad> fences, int reconnects) throws InterruptedException {
        int resurrected = Verdict.resurrected(confirmed, a, b);
        int handedOut = fences.stream().mapToInt(f -> f.fences().size()).sum();
        int repeats = fences.stream().mapToInt(f -> Verdict.repeats(f.fences())).sum();
        long unavailable = log.count(CallLog::unavailable);
        long otherServerErrors = log.count(CallLog::otherServerError);
        long ioFailures = log.count(CallLog::ioFailure);
        System.out.printf("[figure] %s failover: first success %d ms after kill -9 of the master on port %d; kicks "
                        + "confirmed %d (%d answered after the kill), resurrected %d; fences handed out %d on %d resources, "
                        + "repeats %d; answers 503 %d, other 5xx %d, I/O failures %d, lost logins (404/401) %d; "
                        + "SSE reconnects %d%n", topology, (back - killedAt) / 1_000_000, placement.killed().port(),
                confirmed.size(), log.count(c -> c.op().equals("kick") && c.succeeded() && c.answeredNanos() > killedAt),
                resurrected, handedOut, fences.size(), repeats, unavailable, otherServerErrors, ioFailures,
                log.count(CallLog::expectedRefusal), reconnects);
        assertEquals(0, resurrected, "kicked tokens accepted again");
        assertEquals(0, repeats, "fences repeated or gone back: " + fences.stream()
                .map(f -> f.resource().id() + "=" + f.fences()).collect(Collectors.joining("; ")));
        assertEquals(0, otherServerErrors, () -> "answers other than 503 STORE_UNAVAILABLE: " + describe(CallLog::otherServerError));
        assertEquals(0, ioFailures, () -> "requests without an answer: " + describe(CallLog::ioFailure));
        assertEquals(0, log.count(CallLog::unexpectedRefusal), () -> "refusals: " + describe(CallLog::unexpectedRefusal));
        assertTrue(unavailable > 0, "the kill was noticed: some request was answered 503");
    }

    /** A kick of the watched session once the failover is over, retried while the store still refuses. */
    private void kickAfterFailover(AdminToken admin, String sessionId) throws InterruptedException {
        List<Reply> refused = new ArrayList<>();
        Poll.until(() -> {
            String adminToken = admin.get();
            Reply kick = adminToken == null ? null : log.send("final kick", false,
                    () -> a.delete("admin/sessions/" + sessionId + "?reason=after", adminToken));
            if (kick != null && kick.status() == 401) {
                admin.renew(adminToken);
            }
            refused.add(kick);
            return kick != null && kick.status() == 200;
        }, RECOVERY, "the kick after the failover is answered 200 (answers: " + refused.size() + ")");
    }

    private long succeeded(String op, long sentAfter) {
        return log.count(c -> c.op().equals(op) && c.succeeded() && c.sentNanos() > sentAfter);
    }

    private String describe(java.util.function.Predicate<Call> which) {
        return log.calls().stream().filter(which).collect(Collectors.groupingBy(c -> c.op() + " " + c.status() + " "
                + c.code(), Collectors.counting())).toString();
    }
}
