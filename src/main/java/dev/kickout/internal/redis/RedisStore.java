package dev.kickout.internal.redis;

import dev.kickout.internal.LogId;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.Setting;
import dev.kickout.internal.metrics.Metrics;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Logger;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RScriptAsync;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.OptionalOptions;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisNodeNotFoundException;
import org.redisson.client.RedisRetryException;
import org.redisson.client.RedisTimeoutException;
import org.redisson.client.codec.StringCodec;

/**
 * The one door to Redis: runs the module's scripts and plain commands, and turns "Redis is
 * unreachable" into {@link StoreUnavailableException} (503) so that nothing fails open.
 *
 * <p>A {@link CircuitBreaker} guards the door: after {@code kickout.redis.breaker.failures}
 * unreachable failures in a row, calls fail at once (no thread waits for a hung Redis) while one
 * probe pings Redis every {@code kickout.redis.breaker.probe-interval} and reopens the door on
 * its first answer.
 *
 * <p>A Redis that answers but refuses ({@link RedisRefusal}: READONLY, LOADING, MASTERDOWN, BUSY,
 * OOM, ...) is also a 503, warned about once per state by a {@link RefusalLog}. These refusals do
 * not count for the breaker: they come back at once, so no thread waits, and the next call that
 * Redis serves should get through at once, not after a probe; the breaker's read-only probe would
 * even succeed against a READONLY or OOM Redis and close it again, over and over.
 *
 * <p>Decisions that must survive a failover go through {@link #runDurably}: confirmed only once
 * {@code kickout.redis.wait-replicas} replicas acknowledged them ({@link ReplicaAcks}).
 */
@ApplicationScoped
public class RedisStore {

    private static final Logger LOG = Logger.getLogger(RedisStore.class.getName());

    @Inject
    @KickoutRedis
    RedissonClient client;

    @Inject
    KickoutConfig config;
    @Inject
    Metrics metrics;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private CircuitBreaker breaker;
    private RefusalLog refusals;
    private ScheduledFuture<?> probing;
    private ReplicaAcks acks;

    /** Creates this bean, and so its probe timer, at deployment in the application's own context. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (!config.enabled()) {
            return; // kickout.enabled=false: no connection, no probe timer
        }
        breaker.allows();
    }

    @PostConstruct
    void init() {
        breaker = new CircuitBreaker(config.redis().breakerThreshold(), this::ping);
        refusals = new RefusalLog(config.redis().retryAfter(), System::nanoTime);
        long every = config.redis().breakerProbe().toMillis();
        probing = config.enabled() ? scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(breaker::tick), every, every, TimeUnit.MILLISECONDS) : null;
        // the kind of configuration only: reading it neither connects nor waits (lazy client)
        boolean singleServer = client.getConfig().isSingleConfig();
        acks = ReplicaAcks.resolve(config.redis().waitReplicas(), singleServer, config.redis().waitTimeout());
        LOG.info(() -> LogId.REDIS_REPLICA_ACKS.message("decisions are confirmed after " + acks.summary()
                + " (kickout.redis.wait-replicas = " + config.raw(Setting.REDIS_WAIT_REPLICAS) + ", "
                + (singleServer ? "single server" : "servers with replicas") + ")"));
    }

    @PreDestroy
    void stop() {
        if (probing != null) {
            probing.cancel(false);
        }
    }

    /**
     * Runs one script in one round trip (EVALSHA, with EVAL only after a NOSCRIPT reply).
     * Replies come back as lists of strings and longs.
     */
    public List<Object> run(Script script, List<Object> keys, Object... args) {
        return eval(script, RScript.ReturnType.LIST, keys, args);
    }

    /**
     * Runs one script with the reply type of its choice: EVALSHA, one round trip. NOSCRIPT (a new
     * or restarted Redis, a failover, a {@code SCRIPT FLUSH}) heals here: the script is sent whole,
     * as EVAL, which cannot miss and puts it back into Redis's cache for the next EVALSHA. A script
     * that got NOSCRIPT did not run, so sending it again is safe.
     */
    public <R> R eval(Script script, RScript.ReturnType type, List<Object> keys, Object... args) {
        long start = System.nanoTime();
        try {
            return evalOnce(script, type, keys, args);
        } finally {
            metrics.scriptRan(script.name(), Duration.ofNanos(System.nanoTime() - start));
        }
    }

    private <R> R evalOnce(Script script, RScript.ReturnType type, List<Object> keys, Object... args) {
        return call(redis -> {
            RScript scripts = redis.getScript(StringCodec.INSTANCE);
            return shaThenWhole(bySha -> bySha
                    ? scripts.<R>evalSha(RScript.Mode.READ_WRITE, script.sha(), type, keys, args)
                    : scripts.<R>eval(RScript.Mode.READ_WRITE, script.source(), type, keys, args));
        });
    }

    /**
     * {@code attempt(true)} (the script by its SHA); after a NOSCRIPT, which means it did not run,
     * {@code attempt(false)} (the script whole, as EVAL, which cannot miss and reloads it).
     */
    private static <T> T shaThenWhole(Function<Boolean, T> attempt) {
        try {
            return attempt.apply(true);
        } catch (RedisException | CompletionException e) {
            if (RedisRefusal.of(e).orElse(null) != RedisRefusal.NOSCRIPT) {
                throw e;
            }
            return attempt.apply(false);
        }
    }

    /** One call among several that {@link #runTogether} pipelines: which script, its reply's type, keys and arguments. */
    public record Call(Script script, RScript.ReturnType type, List<Object> keys, Object... args) {
    }

    /**
     * Runs different scripts pipelined in one round trip and answers their replies in order: for
     * steps in different Redis Cluster slots that do not wait on each other's outcome (on a Cluster
     * each master's calls go to it as a batch of their own, all at once, {@link SlotBatches}). Each call runs once: EVALSHA, and only the calls that
     * met NOSCRIPT (which did not run) are sent again, whole ({@link #steps}), so scripts that count
     * may go together too.
     */
    public List<Object> runTogether(List<Call> calls) {
        return calls.isEmpty() ? List.of() : timed(calls, -1);
    }

    /** {@link #steps(List, int)} for {@code calls}, each script's time measured. */
    private List<Object> timed(List<Call> calls, int decision) {
        long start = System.nanoTime();
        try {
            return steps(calls.stream().map(RedisStore::step).toList(), decision);
        } finally {
            calls.stream().map(Call::script).distinct().forEach(script ->
                    metrics.scriptRan(script.name(), Duration.ofNanos(System.nanoTime() - start)));
        }
    }

    /** What {@link #runWith} answers: the command's reply, and the scripts' replies in order. */
    public record Together<T>(T command, List<Object> scripts) {
    }

    /**
     * One Redisson command (a {@link Step} whose reply is a {@code T}) and scripts, pipelined in one
     * round trip, as {@link #runTogether}.
     */
    public <T> Together<T> runWith(Step command, List<Call> calls) {
        List<Step> steps = new ArrayList<>();
        steps.add(command);
        calls.forEach(call -> steps.add(step(call)));
        List<Object> replies = steps(steps);
        @SuppressWarnings("unchecked")
        T first = (T) replies.get(0);
        return new Together<>(first, replies.subList(1, replies.size()));
    }

    /**
     * Adds one step to a batch (a script by SHA, or whole); answers the step's reply once the batch ran.
     * Its {@link #key()} names its slot: on a Cluster the steps of each master go in a batch of their own,
     * in order ({@link SlotBatches}), so a step's commands must all be in that slot.
     */
    @FunctionalInterface
    public interface Step {
        CompletionStage<?> addTo(RBatch batch, boolean bySha);

        /** A key in the slot of the step's commands; {@code null}: the step goes in a batch of its own. */
        default String key() {
            return null;
        }

        /** {@code step}, on the slot of {@code key}. */
        static Step on(String key, Step step) {
            return new Step() {
                @Override
                public CompletionStage<?> addTo(RBatch batch, boolean bySha) {
                    return step.addTo(batch, bySha);
                }

                @Override
                public String key() {
                    return key;
                }
            };
        }
    }

    /** A script call as a {@link Step}, on the slot of its first key. */
    public static Step step(Call call) {
        return Step.on(String.valueOf(call.keys().get(0)), (batch, bySha) -> {
            RScriptAsync scripts = batch.getScript(StringCodec.INSTANCE);
            return bySha
                    ? scripts.evalShaAsync(RScript.Mode.READ_WRITE, call.script().sha(), call.type(), call.keys(), call.args())
                    : scripts.evalAsync(RScript.Mode.READ_WRITE, call.script().source(), call.type(), call.keys(), call.args());
        });
    }

    private record Deferred(Step step, Consumer<Object> then) {
    }

    /** What {@link #pipelined} work deferred for its next round trip: steps, and the items of each group. */
    private static final class Wave {
        final List<Deferred> steps = new ArrayList<>();
        final Map<Object, Grouped<?>> groups = new HashMap<>();
    }

    /** Items deferred together ({@link #deferTogether}): one call for all, and each item's own follow-up. */
    private static final class Grouped<T> {
        final List<T> items = new ArrayList<>();
        final List<Consumer<Object>> thens = new ArrayList<>();

        /** Each item's follow-up with its reply; one that throws stops no other, and is thrown after them. */
        void replied(Object replies) {
            RuntimeException failure = thenEach(thens, (List<?>) replies, null);
            if (failure != null) {
                throw failure;
            }
        }
    }

    /**
     * Runs each of {@code thens} with its reply; one that throws stops no other. Answers {@code failure} with
     * what they threw added (the first one thrown when there was none).
     */
    private static RuntimeException thenEach(List<Consumer<Object>> thens, List<?> replies, RuntimeException failure) {
        for (int i = 0; i < thens.size(); i++) {
            try {
                thens.get(i).accept(replies.get(i));
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        return failure;
    }

    private final ThreadLocal<Wave> deferred = new ThreadLocal<>();

    /**
     * Runs {@code work}, and the steps it defers ({@link #defer}) in one round trip when it ends (and
     * one more for those their follow-ups defer in turn, and so on): many small writes of one decision,
     * such as the events and audit entries of a user's hundred revoked sessions, cost a round trip
     * instead of one each. A failing batch or follow-up fails this call, after the rest ran. Nested
     * calls join the outer one.
     */
    public void pipelined(Runnable work) {
        if (deferred.get() != null) {
            work.run();
            return;
        }
        Wave pending = new Wave();
        deferred.set(pending);
        RuntimeException failure = null;
        try {
            work.run();
            while (!pending.steps.isEmpty()) {
                List<Deferred> wave = List.copyOf(pending.steps);
                pending.steps.clear();
                pending.groups.clear();
                List<Object> replies = steps(wave.stream().map(Deferred::step).toList());
                failure = thenEach(wave.stream().map(Deferred::then).toList(), replies, failure);
            }
        } finally {
            deferred.remove();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Runs {@code step} and then {@code then} with its reply: at once, or inside {@link #pipelined}
     * work, with the other deferred steps when the work ends.
     */
    public void defer(Step step, Consumer<Object> then) {
        Wave pending = deferred.get();
        if (pending == null) {
            then.accept(steps(List.of(step)).get(0));
        } else {
            pending.steps.add(new Deferred(step, then));
        }
    }

    /**
     * {@link #defer} for items that one step takes together: inside {@link #pipelined} work, the items of
     * one {@code group} deferred for the same round trip go as one step, {@code step} of them all, whose
     * reply is a list with one reply per item, in order; {@code then} gets its item's. Outside it,
     * {@code step} of this item alone, at once. Every step of a group must be in the slot of {@code key}.
     */
    public <T> void deferTogether(String key, Object group, T item, Function<List<T>, Step> step, Consumer<Object> then) {
        Wave pending = deferred.get();
        if (pending == null) {
            then.accept(((List<?>) steps(List.of(step.apply(List.of(item)))).get(0)).get(0));
            return;
        }
        @SuppressWarnings("unchecked")
        Grouped<T> grouped = (Grouped<T>) pending.groups.get(group);
        if (grouped == null) {
            Grouped<T> created = new Grouped<>();
            pending.groups.put(group, created);
            pending.steps.add(new Deferred(Step.on(key, (batch, bySha) -> step.apply(created.items).addTo(batch, bySha)),
                    created::replied));
            grouped = created;
        }
        grouped.items.add(item);
        grouped.thens.add(then);
    }

    /**
     * The steps in one batch, their replies in order. A script that met NOSCRIPT (a new, restarted or
     * failed-over Redis, a {@code SCRIPT FLUSH}) did not run, while the others in the batch did: only
     * those are sent again, whole (EVAL cannot miss, and puts the script back), so no step runs twice.
     */
    private List<Object> steps(List<Step> steps) {
        return steps(steps, -1);
    }

    /**
     * {@link #steps(List)}; with a {@code decision} (its index; -1: none) each batch ends with a
     * {@code WAIT} for the replicas, and the decision is confirmed by the count of the batch it ran in.
     * Where that batch brought back no count (another step in it met NOSCRIPT), a {@link #barrier} after
     * it confirms it.
     */
    private List<Object> steps(List<Step> steps, int decision) {
        boolean durable = decision >= 0;
        List<Object> replies = new ArrayList<>(Collections.nCopies(steps.size(), null));
        int synced = call(redis -> {
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < steps.size(); i++) {
                all.add(i);
            }
            SlotBatches ran = batches(redis, durable);
            List<Integer> missed = send(ran, steps, all, true, replies);
            if (!missed.isEmpty()) {
                SlotBatches again = batches(redis, durable);
                send(again, steps, missed, false, replies);
                ran = missed.contains(decision) ? again : ran;
            }
            if (!durable) {
                return -1;
            }
            String key = steps.get(decision).key();
            int count = ran.synced(key);
            return count >= 0 ? count : barrier(redis, key);
        });
        if (durable && !acks.confirmedBy(synced)) {
            refusals.refused(RedisRefusal.UNCONFIRMED);
            throw StoreUnavailableException.unconfirmed(Math.max(synced, 0), acks.replicas());
        }
        return replies;
    }

    /**
     * Sends the steps {@code which} in one round trip (a batch per master on a Cluster), their replies
     * into {@code replies}; answers those that met NOSCRIPT.
     */
    private static List<Integer> send(SlotBatches batches, List<Step> steps, List<Integer> which, boolean bySha,
                                      List<Object> replies) {
        List<CompletableFuture<?>> sent = which.stream().<CompletableFuture<?>>map(i ->
                steps.get(i).addTo(batches.forKey(steps.get(i).key()), bySha).toCompletableFuture()).toList();
        RuntimeException failure = null;
        try {
            batches.execute();
        } catch (RedisException | CompletionException e) {
            failure = e; // each step's own reply says what it met
        }
        List<Integer> missed = new ArrayList<>();
        for (int k = 0; k < which.size(); k++) {
            CompletableFuture<?> reply = sent.get(k);
            if (!reply.isDone()) {
                throw failure != null ? failure : new IllegalStateException("a batch answered without this step");
            }
            try {
                replies.set(which.get(k), reply.join());
            } catch (CompletionException e) {
                if (bySha && RedisRefusal.of(e).orElse(null) == RedisRefusal.NOSCRIPT) {
                    missed.add(which.get(k));
                } else {
                    throw e;
                }
            }
        }
        return missed;
    }

    /**
     * A write in {@code key}'s slot, then {@code WAIT}, on one connection: a master replicates its writes
     * in order, so the replicas that acknowledge this write have every write made there before it.
     * Answers their count.
     */
    private int barrier(RedissonClient redis, String key) {
        SlotBatches batch = batches(redis, true);
        batch.forKey(key).getBucket(key + ":barrier", StringCodec.INSTANCE).setAsync("1", Duration.ofSeconds(1));
        batch.execute();
        return batch.synced(key);
    }

    /**
     * Batches for commands on keys of several slots, to fill and send inside {@link #call} or
     * {@link #background}: one per master on a Cluster ({@link SlotBatches}), one batch elsewhere.
     */
    public SlotBatches batches(RedissonClient redis) {
        return new SlotBatches(redis, clustered());
    }

    /** {@link #batches(RedissonClient)}; {@code durable}: each ends with a {@code WAIT} for the replicas. */
    private SlotBatches batches(RedissonClient redis, boolean durable) {
        return !durable ? batches(redis)
                : new SlotBatches(redis, clustered(), BatchOptions.defaults().sync(acks.replicas(), acks.timeout()));
    }

    /** One call of a script in {@link #runEach}: its keys and arguments. */
    public record ScriptCall(List<Object> keys, Object... args) {
    }

    /**
     * Runs one script once per call, pipelined in one round trip, and answers the replies in order:
     * EVALSHA each, so the script's text is not sent along every time (the per-user scripts carry
     * about 10 KB of helpers). Only for scripts that may safely run twice for the same call (they
     * read, tidy, slide to a maximum or write versioned values): a NOSCRIPT (a new, restarted or
     * failed-over Redis, a {@code SCRIPT FLUSH}) fails the batch with the other calls maybe done, and
     * then the whole batch runs again as EVAL, which cannot miss and puts the script back. Sent in
     * Redisson's READ_WRITE mode, as {@link #eval} does: its READ_ONLY mode would send EVALSHA_RO,
     * which Redis 6.2 does not know.
     */
    public List<?> runEach(Script script, RScript.ReturnType type, List<ScriptCall> calls) {
        if (calls.isEmpty()) {
            return List.of();
        }
        return call(redis -> shaThenWhole(bySha -> pipelined(batches(redis), script, bySha, type, calls)));
    }

    private static List<?> pipelined(SlotBatches batches, Script script, boolean bySha, RScript.ReturnType type,
                                     List<ScriptCall> calls) {
        List<CompletableFuture<?>> replies = new ArrayList<>();
        for (ScriptCall call : calls) {
            RScriptAsync scripts = batches.forKey(String.valueOf(call.keys().get(0))).getScript(StringCodec.INSTANCE);
            replies.add((bySha
                    ? scripts.evalShaAsync(RScript.Mode.READ_WRITE, script.sha(), type, call.keys(), call.args())
                    : scripts.evalAsync(RScript.Mode.READ_WRITE, script.source(), type, call.keys(), call.args()))
                    .toCompletableFuture());
        }
        batches.execute();
        return replies.stream().map(CompletableFuture::join).toList();
    }

    /**
     * Runs one script whose outcome is a decision that must survive a failover (a revocation, a
     * force release, a fence), and confirms it only once {@code kickout.redis.wait-replicas}
     * replicas acknowledged it: the script and Redis's {@code WAIT} go as one batch on one
     * connection ({@code WAIT} counts the replicas that have this connection's writes, and may not
     * run inside a script). Fewer acknowledgements within {@code kickout.redis.wait-timeout} is a
     * 503 {@code STORE_UNAVAILABLE}: the decision then stands on the master but is not confirmed.
     * With no replicas to wait for this is exactly {@link #run}.
     *
     * <p>A cluster splits batches per node; one script's keys share one slot, so this is one node
     * and one {@code WAIT} there.
     */
    public List<Object> runDurably(Script script, List<Object> keys, Object... args) {
        return runDurably(new Call(script, RScript.ReturnType.LIST, keys, args), List.of());
    }

    /**
     * {@link #runDurably(Script, List, Object...)} for {@code decision}, with writes that need none of its
     * reply ({@code alongside}) pipelined in the same round trip, as {@link #runTogether}; answers the
     * decision's reply.
     */
    public List<Object> runDurably(Call decision, List<Call> alongside) {
        List<Call> calls = new ArrayList<>();
        calls.add(decision);
        calls.addAll(alongside);
        if (!acks.required() && alongside.isEmpty()) {
            return eval(decision.script(), decision.type(), decision.keys(), decision.args());
        }
        @SuppressWarnings("unchecked")
        List<Object> reply = (List<Object>) runDurably(calls, 0).get(0);
        return reply;
    }

    /**
     * {@link #runTogether} where {@code calls.get(decision)} is a decision that must survive a failover,
     * as {@link #runDurably(Script, List, Object...)}; answers every call's reply. The {@code WAIT} of the
     * decision's batch confirms it; where another step in that batch met NOSCRIPT, which leaves the batch
     * without a count, a write and a {@code WAIT} of their own after it do.
     */
    public List<Object> runDurably(List<Call> calls, int decision) {
        return timed(calls, acks.required() ? decision : -1);
    }

    /**
     * Runs any other Redisson call with the same failure mapping. A call that returns a future
     * (async, or a batch's futures) must get its reply before it returns, or map failures itself:
     * only what is thrown here becomes a 503.
     */
    public <T> T call(Function<RedissonClient, T> command) {
        if (!breaker.allows()) {
            throw new StoreUnavailableException();
        }
        try {
            T result = command.apply(client);
            if (!(result instanceof CompletionStage)) { // a future returned is no proof that Redis answered
                breaker.succeeded();
                refusals.served();
            }
            return result;
        } catch (RedisException | CompletionException e) {
            throw failure(e);
        }
    }

    /**
     * A background read (a periodic look at a list, not a request's work): refused at once while the
     * breaker is open, and without a say in it. Its failures do not open the breaker and its answers do
     * not close it, so a look that was in flight while the link was down, and fails after it came
     * back, cannot shut the door on the requests that Redis serves again.
     */
    public <T> T background(Function<RedissonClient, T> command) {
        if (!breaker.allows()) {
            throw new StoreUnavailableException();
        }
        try {
            return command.apply(client);
        } catch (RedisException | CompletionException e) {
            throw RedisRefusal.of(e).isPresent() || unreachable(e) ? new StoreUnavailableException(e) : e;
        }
    }

    /** The 503 for a call that Redis could not or would not serve; any other failure as it is. */
    private RuntimeException failure(RuntimeException e) {
        Optional<RedisRefusal> refusal = RedisRefusal.of(e);
        if (refusal.isPresent()) {
            breaker.succeeded(); // Redis answered: it is reachable
            refusals.refused(refusal.get());
            // without the cause: Redisson's message names the server's address and quotes the command's arguments
            return new StoreUnavailableException(refusal.get().name());
        }
        if (unreachable(e)) {
            breaker.failed();
            return new StoreUnavailableException(e);
        }
        breaker.succeeded();
        return e;
    }

    /** Whether Redis is a Cluster (from the client's configuration; asks Redis nothing). */
    public boolean clustered() {
        return client.getConfig().isClusterConfig();
    }

    /** Whether calls go to Redis now, rather than failing at once because it stopped answering. */
    public boolean available() {
        return breaker.allows();
    }

    /**
     * The state in which Redis last refused calls, while that lasts (until it served calls for
     * {@code kickout.store.retry-after} without refusing): its name, e.g. {@code READONLY}.
     */
    public Optional<String> refusing() {
        return refusals.current().map(Enum::name);
    }

    /**
     * The breaker's probe: one call without retry, answered within {@code kickout.redis.timeout}.
     * The wait is bounded here, not only by Redisson's own timeout: after a Redis restart a call can
     * wait for a connection that Redisson is still re-establishing (seen on Payara Micro 6.2025.10,
     * where a blocking probe never returned and the breaker stayed open), and the probe chain must
     * never stall.
     */
    private boolean ping() {
        long wait = config.redis().timeout().toMillis();
        CompletableFuture<Object> reply = client.getScript(OptionalOptions.defaults().codec(StringCodec.INSTANCE)
                        .timeout(config.redis().timeout()).retryAttempts(0))
                .evalAsync(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG).toCompletableFuture();
        try {
            reply.get(wait + 100, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            reply.cancel(false);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Whether {@code e} means "cannot reach Redis" rather than "Redis refused the command". Redisson
     * files several refusals (BUSY, LOADING, MASTERDOWN, ...) under its retry exception; they are not.
     */
    static boolean unreachable(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException
                    || cause instanceof RedisException redis && unreachableType(redis) && RedisRefusal.of(redis).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean unreachableType(RedisException e) {
        return e instanceof RedisConnectionException
                || e instanceof RedisTimeoutException
                || e instanceof RedisRetryException
                || e instanceof RedisNodeNotFoundException;
    }
}
