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
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
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
    /**
     * MULTI: the load's sessions do not replace each other; the cap is far above what the load keeps
     * alive. kickout.redis.wait-replicas stays at its default (auto: 1 on these topologies).
     */
    static final Map<String, String> SETTINGS = Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "MULTI",
            "kickout.login.max-sessions-per-user", "1000");

    private static final Duration WARM_UP = Duration.ofSeconds(60);
    private static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final Duration RESYNC = Duration.ofSeconds(60);
    private static final Duration AFTER = Duration.ofSeconds(5);
    private static final Duration EVENT = Duration.ofSeconds(20);
    /** Requests that make a decision, which a replica must confirm (kickout.redis.wait-replicas). */
    private static final Set<String> DECISIONS = Set.of("login", "kick", "acquire");

    /** When things happened (System.nanoTime()); {@code restarted} only if the drill restarted the node. */
    private record Timeline(long killed, long served, long restarted, long decided) {
    }

    private final String topology;
    private final boolean restartForDecisions;
    private final Api a;
    private final Api b;
    private final Placement placement;
    private final CallLog log = new CallLog();
    private final Queue<String> confirmed = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile RedisNodeProcess killed;

    /**
     * @param restartForDecisions whether the killed node must come back before decisions in its slots
     *                            can be confirmed again: so on a cluster with one replica per master,
     *                            whose promoted replica then has none; the drill restarts it (as its
     *                            supervisor would) once reads are served again
     */
    FailoverDrill(String topology, boolean restartForDecisions, URL baseA, URL baseB) {
        this.topology = topology;
        this.restartForDecisions = restartForDecisions;
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
        ExecutorService pool = Executors.newFixedThreadPool(3 + fences.size());
        try (SseWatch onA = new SseWatch(a, watched.token(), "a"); SseWatch onB = new SseWatch(b, watched.token(), "b")) {
            pool.submit(new KickLoad(a, b, placement.victim(), admin, log, confirmed, stop));
            pool.submit(new KickLoad(b, a, placement.victim(), admin, log, confirmed, stop));
            pool.submit(new ProbeLoad(a, b, watched.token(), log, stop));
            fences.forEach(pool::submit);
            Poll.until(() -> succeeded("kick", Long.MIN_VALUE) >= 10 && fences.stream().allMatch(f -> f.fences().size() >= 3),
                    WARM_UP, "the load runs (10 kicks, 3 fences per resource) before the kill");

            Timeline timeline = failOver();
            Poll.until(() -> System.nanoTime() - timeline.decided() > AFTER.toNanos()
                    && succeeded("kick", timeline.decided()) >= 10
                    && succeeded("acquire", timeline.decided()) >= 3L * fences.size(), RECOVERY,
                    "the load goes on after recovery");
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS), "the load stops");

            onA.keepOpen(RECOVERY);
            onB.keepOpen(RECOVERY);
            kickAfterFailover(admin, watched.sessionId());
            String onAType = onA.next(EVENT).type();
            String onBType = onB.next(EVENT).type();
            judge(timeline, fences, onA.reconnects() + onB.reconnects());
            assertEquals("FORCE_LOGOUT", onAType, "a kick after the failover reaches the stream on a");
            assertEquals("FORCE_LOGOUT", onBType, "a kick after the failover reaches the stream on b");
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    /** Kills the master under load, waits for its slots to be served, then for decisions to be confirmed again. */
    private Timeline failOver() throws InterruptedException {
        Topology.kill(placement.killed());
        killed = placement.killed();
        long killedAt = System.nanoTime();
        long served = awaitSuccess(killedAt, c -> true, RECOVERY, "a request in the killed master's slots succeeds");
        long restarted = 0;
        if (restartForDecisions) {
            Poll.until(() -> log.count(c -> decision(c) && c.sentNanos() > served) >= 10, RECOVERY,
                    "decisions are tried on the promoted master");
            restarted = System.nanoTime();
            Topology.restart(placement.killed());
            killed = null;
        }
        long decided = awaitSuccess(restartForDecisions ? restarted : killedAt, this::decision, RESYNC,
                "a decision in the killed master's slots is confirmed again");
        return new Timeline(killedAt, served, restarted, decided);
    }

    private long awaitSuccess(long sentAfter, Predicate<Call> which, Duration max, String what) throws InterruptedException {
        Poll.until(() -> log.firstSuccessAfter(sentAfter, which).isPresent(), max,
                () -> what + "; answers since: " + log.describe(c -> c.sentNanos() > sentAfter));
        return log.firstSuccessAfter(sentAfter, which).orElseThrow().answeredNanos();
    }

    private boolean decision(Call call) {
        return call.onKilled() && DECISIONS.contains(call.op());
    }

    /** Restarts the killed node (it rejoins as a replica) and waits for a healthy topology. */
    void heal() {
        RedisNodeProcess node = killed;
        if (node != null) {
            Topology.restart(node);
            killed = null;
        }
        Topology.awaitHealthy(Duration.ofSeconds(90));
    }

    private void judge(Timeline at, List<FenceLoad> fences, int reconnects) throws InterruptedException {
        int resurrected = Verdict.resurrected(confirmed, a, b);
        int handedOut = fences.stream().mapToInt(f -> f.fences().size()).sum();
        int repeats = fences.stream().mapToInt(f -> Verdict.repeats(f.fences())).sum();
        long unavailable = log.count(CallLog::unavailable);
        long otherServerErrors = log.count(CallLog::otherServerError);
        long ioFailures = log.count(CallLog::ioFailure);
        long alone = !restartForDecisions ? 0 : log.count(c -> decision(c) && c.succeeded()
                && c.sentNanos() > at.killed() && c.answeredNanos() < at.restarted());
        System.out.printf("[figure] %s failover, kill -9 of the master on port %d: first success in its slots after "
                        + "%d ms, first confirmed decision there after %d ms%s; kicks confirmed %d (%d after the kill), "
                        + "resurrected %d; fences handed out %d on %d resources, repeats %d; answers 503 %d, other 5xx %d, "
                        + "I/O failures %d, 404/401 (a lost login, or a refused kick that did apply) %d; SSE reconnects %d%n", topology,
                placement.killed().port(), millis(at.served() - at.killed()), millis(at.decided() - at.killed()),
                !restartForDecisions ? " (by itself)" : " (" + millis(at.decided() - at.restarted()) + " ms after the "
                        + "drill restarted the killed node, " + millis(at.restarted() - at.killed()) + " ms after the kill;"
                        + " decisions confirmed before: " + alone + ")",
                confirmed.size(), log.count(c -> c.op().equals("kick") && c.succeeded() && c.answeredNanos() > at.killed()),
                resurrected, handedOut, fences.size(), repeats, unavailable, otherServerErrors, ioFailures,
                log.count(CallLog::expectedRefusal), reconnects);
        assertEquals(0, resurrected, "kicked tokens accepted again");
        assertEquals(0, repeats, () -> "fences repeated or gone back: " + fences.stream()
                .map(f -> f.resource().id() + "=" + f.fences()).collect(Collectors.joining("; ")));
        assertEquals(0, alone, "decisions confirmed while the promoted master had no replica");
        assertEquals(0, otherServerErrors, () -> "answers other than 503 STORE_UNAVAILABLE: "
                + log.describe(CallLog::otherServerError));
        assertEquals(0, ioFailures, () -> "requests without an answer: " + log.describe(CallLog::ioFailure));
        assertEquals(0, log.count(CallLog::unexpectedRefusal), () -> "refusals: " + log.describe(CallLog::unexpectedRefusal));
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
        }, RECOVERY, () -> "the kick after the failover is answered 200 (answers: " + refused.stream()
                .map(r -> r == null ? "no answer" : r.status() + " " + r.body()).distinct().toList() + ")");
    }

    private long succeeded(String op, long sentAfter) {
        return log.count(c -> c.op().equals(op) && c.succeeded() && c.sentNanos() > sentAfter);
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
