package dev.kickout.internal.outbox;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RScript;

/**
 * Acknowledges delivered outbox entries in groups, off the request: a decision answers once its
 * follow-ups ran, and the acknowledgements of every decision this instance follows up within
 * {@value #LINGER_MILLIS} ms go to Redis together, one call per shard in one round trip. An
 * acknowledgement lost with its instance (or refused by Redis) leaves its entry to the drainers,
 * which deliver it again after {@code kickout.outbox.grace}, as any entry whose follow-ups were not
 * confirmed: follow-ups are at least once, and this makes a second delivery no likelier than the
 * instance dying within those milliseconds.
 */
@ApplicationScoped
class OutboxAcks {

    /** How long an acknowledgement waits for others to go with it. */
    static final long LINGER_MILLIS = 20;
    /** Entry ids per script call at most (one shard's), well within Lua's limit on unpacked arguments. */
    static final int IDS_PER_CALL = 500;
    /** Acknowledgements kept for another try at most; beyond them a Redis that refuses them leaves the entries to the drainers. */
    static final int MAX_PENDING = 10_000;

    private static final Logger LOG = Logger.getLogger(OutboxAcks.class.getName());

    @Inject
    RedisStore redis;
    @Resource
    ManagedScheduledExecutorService scheduler;

    /** Entry ids to acknowledge, by shard; guarded by this. */
    private Map<List<Object>, List<String>> pending = new HashMap<>();
    private boolean flushPlanned;
    private final Object flushing = new Object();
    /** Set when the application starts to stop: acknowledgements then go at once, while Redis is still at hand. */
    private volatile boolean stopping;

    /**
     * Acknowledges entry {@code id} of {@code shard} within {@value #LINGER_MILLIS} ms, with the others due by then;
     * at once while the application stops (its sessions ending at undeployment are decisions too).
     */
    void add(List<Object> shard, String id) {
        synchronized (this) {
            pending.computeIfAbsent(shard, s -> new ArrayList<>()).add(id);
            if (flushPlanned && !stopping) {
                return;
            }
            flushPlanned = true;
        }
        if (stopping) {
            flush();
            return;
        }
        try {
            scheduler.schedule(ContainerThreads.releasing(this::flush), LINGER_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException refused) {
            flush();
        }
    }

    /**
     * Sends every pending acknowledgement now: one script call per shard (and {@value #IDS_PER_CALL} ids), one round
     * trip. One flush at a time, so that the one of a stopping application waits for a scheduled one under way.
     * What Redis did not take stays pending for the next flush.
     */
    void flush() {
        synchronized (flushing) {
            Map<List<Object>, List<String>> due;
            synchronized (this) {
                due = pending;
                pending = new HashMap<>();
                flushPlanned = false;
            }
            if (!due.isEmpty()) {
                send(due);
            }
        }
    }

    private void send(Map<List<Object>, List<String>> due) {
        try {
            acknowledge(calls(due));
        } catch (RuntimeException e) {
            int count = due.values().stream().mapToInt(List::size).sum();
            int kept = keep(due);
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.OUTBOX_ACK_FAILED.message(count + " outbox acknowledgements"
                    + " not sent; " + kept + " of them go with the next ones, and drainers deliver entries still"
                    + " unacknowledged after kickout.outbox.grace"));
        }
    }

    /** The acknowledgements of {@code due}: one outbox-ack.lua call per shard and {@value #IDS_PER_CALL} ids. */
    static List<RedisStore.Call> calls(Map<List<Object>, List<String>> due) {
        List<RedisStore.Call> calls = new ArrayList<>();
        due.forEach((shard, ids) -> {
            for (int from = 0; from < ids.size(); from += IDS_PER_CALL) {
                Object[] chunk = ids.subList(from, Math.min(ids.size(), from + IDS_PER_CALL)).toArray();
                calls.add(new RedisStore.Call(Script.OUTBOX_ACK, RScript.ReturnType.LIST, shard, chunk));
            }
        });
        return calls;
    }

    /** Sends {@code calls} in one round trip. */
    void acknowledge(List<RedisStore.Call> calls) {
        redis.pipelined(() -> calls.forEach(call -> redis.defer(RedisStore.step(call), acknowledged -> { })));
    }

    /** Puts refused acknowledgements back for the next flush, as many as fit under {@value #MAX_PENDING}; answers how many. */
    private synchronized int keep(Map<List<Object>, List<String>> refused) {
        int room = MAX_PENDING - pending.values().stream().mapToInt(List::size).sum();
        int kept = 0;
        for (Map.Entry<List<Object>, List<String>> shard : refused.entrySet()) {
            List<String> ids = shard.getValue().subList(0, Math.max(0, Math.min(room - kept, shard.getValue().size())));
            if (!ids.isEmpty()) {
                pending.computeIfAbsent(shard.getKey(), s -> new ArrayList<>()).addAll(ids);
                kept += ids.size();
            }
        }
        return kept;
    }

    /**
     * The application starts to stop, every bean still there: what is pending goes now, and what comes
     * later at once, not left to a scheduler that may no longer run it or to a Redis client already closed.
     */
    void stopping(@Observes @BeforeDestroyed(ApplicationScoped.class) Object ignored) {
        stopping = true;
        flush();
    }

    /** Whatever came after {@link #stopping}, in case the container ends the beans without that event. */
    @PreDestroy
    void stop() {
        flush();
    }
}
