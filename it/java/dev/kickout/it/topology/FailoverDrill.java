package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.Topology;
import dev.kickout.it.support.Wait;
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
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A failover under load, shared by {@code ClusterFailoverIT} and {@code SentinelFailoverIT}: kicks
 * (login on one instance, kick on the other), lock acquires and releases spread over instances a
 * and b, an event stream of the victim open on each; in the middle, the replicas of the master
 * serving the victim's slot are held back (stopped, their links dropped: what the master writes from
 * then on reaches no replica) while the load goes on, and the master is killed (kill -9) before they
 * catch up, so the promoted replica really lacks the master's last writes. The load goes on until
 * service is back and a while after. Then: every kick answered 200 is refused on both instances, every
 * login answered 200 was still there to be kicked or used, fences never repeat and none answered is
 * above the counter the promoted master has, every failure was a 503, no load thread failed, and both
 * streams get the event of a kick made after the failover. Only the replica wait
 * ({@code kickout.redis.wait-replicas}) keeps the decisions of the held-back moment from being
 * confirmed: without it the drill fails. {@link #heal()} restores the topology ({@code @AfterAll}).
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
    /**
     * How long the replicas are held back at most before the kill: below Sentinel's down-after (1 s) and
     * the cluster's node timeout (1.5 s), so that the held-back replicas stay eligible for promotion.
     */
    private static final Duration HOLD = Duration.ofMillis(600);
    /** Decisions answered while the replicas are held back, after which the master may be killed earlier. */
    private static final int HELD_DECISIONS = 4;
    /** Requests that make a decision, which a replica must confirm (kickout.redis.wait-replicas). */
    private static final Set<String> DECISIONS = Set.of("login", "kick", "acquire");

    /** When things happened (System.nanoTime()); {@code restarted} only if the drill restarted the node. */
    private record Timeline(long held, long killed, long served, long restarted, long decided) {
    }

    private final String topology;
    private final boolean restartForDecisions;
    private final Api a;
    private final Api b;
    private final Placement placement;
    private final CallLog log = new CallLog();
    private final Queue<String> confirmed = new ConcurrentLinkedQueue<>();
    private final Queue<String> lost = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    /** Held (write) from the kill until the promoted master's fence counters are read: no acquire meanwhile. */
    private final ReadWriteLock fenceGate = new ReentrantReadWriteLock();
    /** Fences answered before the kill above the counter the promoted master has, per resource. */
    private final List<String> lostFences = new ArrayList<>();
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
                .map(r -> new FenceLoad(a, b, r, placement.lockUser(), log, fenceGate, stop)).toList();
        ExecutorService pool = Executors.newFixedThreadPool(3 + fences.size());
        List<Future<?>> workers = new ArrayList<>();
        try (SseWatch onA = new SseWatch(a, watched.token(), "a"); SseWatch onB = new SseWatch(b, watched.token(), "b")) {
            workers.add(pool.submit(new KickLoad(a, b, placement.victim(), admin, log, confirmed, lost, stop)));
            workers.add(pool.submit(new KickLoad(b, a, placement.victim(), admin, log, confirmed, lost, stop)));
            workers.add(pool.submit(new ProbeLoad(a, b, watched.token(), log, stop)));
            fences.forEach(f -> workers.add(pool.submit(f)));
            Wait.until(WARM_UP, () -> "the load to run (10 kicks, 3 fences per resource) before the kill",
                    () -> succeeded("kick", Long.MIN_VALUE) >= 10 && fences.stream().allMatch(f -> f.fences().size() >= 3));
            // this JVM's client reads the counters after the kill: it must know the topology before, as the servers do
            fences.forEach(f -> Verdict.counter(PREFIX, f.resource()));

            Timeline timeline = failOver(fences);
            Wait.until(RECOVERY, () -> "the load to go on after recovery (so far " + succeeded("kick", timeline.decided())
                            + " kicks and " + succeeded("acquire", timeline.decided()) + " acquires succeeded since the decision; "
                            + log.describe(c -> c.sentNanos() > timeline.decided()) + ")",
                    () -> System.nanoTime() - timeline.decided() > AFTER.toNanos()
                            && succeeded("kick", timeline.decided()) >= 10
                            && succeeded("acquire", timeline.decided()) >= 3L * fences.size());
            stop.set(true);
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS), "the load stops");
            for (Future<?> worker : workers) {
                worker.get(); // a load thread that failed fails the drill
            }

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

    /**
     * Holds the master's replicas back under load and kills the master before they catch up (the fence
     * loads stopped between rounds just before), then waits for its slots to be served, reads the fence
     * counters the promoted master has before any new acquire, and waits for decisions to be confirmed
     * again.
     */
    private Timeline failOver(List<FenceLoad> fences) throws InterruptedException {
        long heldAt = System.nanoTime();
        long[] killedAt = new long[1];
        Topology.withReplicasHeldBack(placement.killed(), () -> {
            // decisions sent now reach the master alone: confirmed only if the instance skipped the wait
            Wait.atMost(HOLD, () -> log.count(c -> decision(c) && c.sentNanos() > heldAt) >= HELD_DECISIONS);
            assertTrue(fenceGate.writeLock().tryLock(RECOVERY.toSeconds(), TimeUnit.SECONDS), "the fence loads stop");
            killed = placement.killed();
            Topology.kill(placement.killed());
            killedAt[0] = System.nanoTime();
        });
        try {
            awaitSuccess(killedAt[0], c -> true, RECOVERY, "a request in the killed master's slots succeeds");
            readPromotedCounters(fences);
        } finally {
            fenceGate.writeLock().unlock();
        }
        return recover(heldAt, killedAt[0]);
    }

    /** Every fence answered so far (all before the kill) must be at most the counter the promoted master has. */
    private void readPromotedCounters(List<FenceLoad> fences) throws InterruptedException {
        for (FenceLoad fence : fences.stream().filter(f -> f.resource().onKilled()).toList()) {
            long[] counter = {-1};
            Wait.until(RECOVERY, () -> "the promoted master to answer a read of " + fence.resource().fenceKey(PREFIX), () -> {
                try {
                    counter[0] = Verdict.counter(PREFIX, fence.resource());
                    return true;
                } catch (RuntimeException e) {
                    return false; // the client has not found the promoted master yet
                }
            });
            long highest = fence.fences().stream().mapToLong(FenceLoad.Fence::fence).max().orElse(0);
            if (highest > counter[0]) {
                lostFences.add(fence.resource().id() + ": answered up to " + highest + ", promoted counter " + counter[0]);
            }
        }
    }

    private Timeline recover(long heldAt, long killedAt) throws InterruptedException {
        long served = awaitSuccess(killedAt, c -> true, RECOVERY, "a request in the killed master's slots succeeds");
        long restarted = 0;
        if (restartForDecisions) {
            Wait.until(RECOVERY, () -> "decisions to be tried on the promoted master",
                    () -> log.count(c -> decision(c) && c.sentNanos() > served) >= 10);
            restarted = System.nanoTime();
            Topology.restart(placement.killed());
            killed = null;
        }
        long decided = awaitSuccess(restartForDecisions ? restarted : killedAt, this::decision, RESYNC,
                "a decision in the killed master's slots is confirmed again");
        return new Timeline(heldAt, killedAt, served, restarted, decided);
    }

    private long awaitSuccess(long sentAfter, Predicate<Call> which, Duration max, String what) throws InterruptedException {
        Wait.until(max, () -> what + "; answers since: " + log.describe(c -> c.sentNanos() > sentAfter),
                () -> log.firstSuccessAfter(sentAfter, which).isPresent());
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
        long held = log.count(c -> decision(c) && c.sentNanos() > at.held() && c.answeredNanos() < at.killed());
        long unavailable = log.count(CallLog::unavailable);
        long otherServerErrors = log.count(CallLog::otherServerError);
        long ioFailures = log.count(CallLog::ioFailure);
        long alone = !restartForDecisions ? 0 : log.count(c -> decision(c) && c.succeeded()
                && c.sentNanos() > at.killed() && c.answeredNanos() < at.restarted());
        System.out.printf("[figure] %s failover, kill -9 of the master on port %d: first success in its slots after "
                        + "%d ms, first confirmed decision there after %d ms%s; decisions answered while its replicas were "
                        + "held back (%d ms before the kill) %d; kicks confirmed %d (%d after the kill), "
                        + "resurrected %d; confirmed logins lost %d; fences handed out %d on %d resources, repeats %d, "
                        + "above the promoted counter %d; answers 503 %d, other 5xx %d, "
                        + "I/O failures %d, kicks answered 404 after a 503 that applied %d; SSE reconnects %d%n", topology,
                placement.killed().port(), millis(at.served() - at.killed()), millis(at.decided() - at.killed()),
                !restartForDecisions ? " (by itself)" : " (" + millis(at.decided() - at.restarted()) + " ms after the "
                        + "drill restarted the killed node, " + millis(at.restarted() - at.killed()) + " ms after the kill;"
                        + " decisions confirmed before: " + alone + ")",
                millis(at.killed() - at.held()), held, confirmed.size(), log.count(c -> c.op().equals("kick") && c.succeeded() && c.answeredNanos() > at.killed()),
                resurrected, lost.size(), handedOut, fences.size(), repeats, lostFences.size(), unavailable, otherServerErrors, ioFailures,
                log.count(CallLog::expectedRefusal), reconnects);
        assertTrue(held > 0, "decisions were answered while the replicas were held back");
        assertEquals(0, resurrected, "kicked tokens accepted again");
        assertEquals(List.of(), List.copyOf(lost), "confirmed logins lost");
        assertEquals(List.of(), lostFences, "fences answered above the counter of the promoted master");
        assertEquals(0, repeats, () -> "fences repeated or gone back: " + fences.stream()
                .map(f -> f.resource().id() + "=" + f.fences()).collect(Collectors.joining("; ")));
        assertEquals(0, alone, "decisions confirmed while the promoted master had no replica");
        assertEquals(0, otherServerErrors, () -> "answers other than 503 STORE_UNAVAILABLE: "
                + log.describe(CallLog::otherServerError));
        assertEquals(0, ioFailures, () -> "requests without an answer: " + log.describe(CallLog::ioFailure));
        assertEquals(0, log.count(CallLog::unexpectedRefusal), () -> "refusals: " + log.describe(CallLog::unexpectedRefusal)
                + " (relative to the kill" + (restartForDecisions ? ", the restart " + millis(at.restarted() - at.killed())
                + " ms after it" : "") + "): " + log.list(CallLog::unexpectedRefusal, at.killed()));
        assertTrue(unavailable > 0, "the kill was noticed: some request was answered 503");
    }

    /**
     * A kick of the watched session once the failover is over, retried while the store still refuses. A 503 may
     * have come after the kick took effect (its replica acknowledgement missing: "it may be in force already"), so
     * a 404 for the session after a 503 is the kick having landed too.
     */
    private void kickAfterFailover(AdminToken admin, String sessionId) throws InterruptedException {
        List<Reply> refused = new ArrayList<>();
        Wait.until(RECOVERY, () -> "the kick after the failover to be answered 200 (answers: " + refused.stream()
                .map(r -> r == null ? "no answer" : r.status() + " " + r.body()).distinct().toList() + ")", () -> {
            String adminToken = admin.get();
            Reply kick = adminToken == null ? null : log.send("final kick", false,
                    () -> a.delete("admin/sessions/" + sessionId + "?reason=after", adminToken));
            if (kick != null && kick.status() == 401) {
                admin.renew(adminToken);
            }
            boolean landedUnconfirmed = kick != null && kick.status() == 404
                    && refused.stream().anyMatch(r -> r != null && r.status() == 503);
            refused.add(kick);
            return kick != null && (kick.status() == 200 || landedUnconfirmed);
        });
    }

    private long succeeded(String op, long sentAfter) {
        return log.count(c -> c.op().equals(op) && c.succeeded() && c.sentNanos() > sentAfter);
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
