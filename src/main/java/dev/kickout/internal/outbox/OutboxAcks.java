package dev.kickout.internal.outbox;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
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

    private static final Logger LOG = Logger.getLogger(OutboxAcks.class.getName());

    @Inject
    RedisStore redis;
    @Resource
    ManagedScheduledExecutorService scheduler;

    /** Entry ids to acknowledge, by shard; guarded by this. */
    private Map<List<Object>, List<String>> pending = new HashMap<>();
    private boolean flushPlanned;

    /** Acknowledges entry {@code id} of {@code shard} within {@value #LINGER_MILLIS} ms, with the others due by then. */
    void add(List<Object> shard, String id) {
        synchronized (this) {
            pending.computeIfAbsent(shard, s -> new ArrayList<>()).add(id);
            if (flushPlanned) {
                return;
            }
            flushPlanned = true;
        }
        try {
            scheduler.schedule(this::flush, LINGER_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopping) {
            flush();
        }
    }

    /** Sends every pending acknowledgement now: one script call per shard (and {@value #IDS_PER_CALL} ids), one round trip. */
    void flush() {
        Map<List<Object>, List<String>> due;
        synchronized (this) {
            due = pending;
            pending = new HashMap<>();
            flushPlanned = false;
        }
        if (due.isEmpty()) {
            return;
        }
        try {
            redis.pipelined(() -> due.forEach((shard, ids) -> {
                for (int from = 0; from < ids.size(); from += IDS_PER_CALL) {
                    Object[] chunk = ids.subList(from, Math.min(ids.size(), from + IDS_PER_CALL)).toArray();
                    redis.defer(RedisStore.step(new RedisStore.Call(Script.OUTBOX_ACK, RScript.ReturnType.LIST, shard, chunk)),
                            acknowledged -> { });
                }
            }));
        } catch (RuntimeException e) {
            int count = due.values().stream().mapToInt(List::size).sum();
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.OUTBOX_ACK_FAILED.message(count + " outbox acknowledgements"
                    + " not sent; drainers deliver those entries again after kickout.outbox.grace"));
        }
    }

    /** The application stops: what is pending goes now, not after the scheduler is gone. */
    @PreDestroy
    void stop() {
        flush();
    }
}
