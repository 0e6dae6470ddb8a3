package dev.kickout.internal.redis;

import dev.kickout.internal.LogId;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Warns once per refusal state, not once per request: the first {@link RedisRefusal} of an
 * episode logs a warning; the episode ends when Redis serves a call after {@code quiet} without
 * that refusal, which logs its end; the next refusal of that kind warns again. The quiet time keeps
 * a state that refuses only some calls (READONLY and OOM refuse writes, not reads) from ending and
 * restarting between two requests.
 */
final class RefusalLog {

    private static final Logger LOG = Logger.getLogger(RefusalLog.class.getName());

    private final long quietNanos;
    private final LongSupplier nanoTime;
    /** Current episodes: refusal to when it was last seen ({@link System#nanoTime()}). */
    private final Map<RedisRefusal, Long> seen = new ConcurrentHashMap<>();

    RefusalLog(Duration quiet, LongSupplier nanoTime) {
        this.quietNanos = quiet.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Redis refused a call with {@code refusal}; warns if this starts an episode. */
    void refused(RedisRefusal refusal) {
        if (seen.put(refusal, nanoTime.getAsLong()) == null) {
            LOG.warning(() -> LogId.REDIS_REFUSING.message("Redis answers " + refusal + " (" + refusal.meaning() + ");"
                    + " answering 503 STORE_UNAVAILABLE with Retry-After until it serves again."
                    + " Logged once for this state."));
        }
    }

    /** Redis served a call: ends the episodes not seen for the quiet time. */
    void served() {
        if (seen.isEmpty()) {
            return; // the common case: nothing to look at
        }
        long now = nanoTime.getAsLong();
        seen.forEach((refusal, last) -> {
            if (now - last >= quietNanos && seen.remove(refusal, last)) {
                LOG.info(() -> LogId.REDIS_SERVES_AGAIN.message("Redis serves again after " + refusal));
            }
        });
    }

    /** The refusal of a current episode, if any (the most recently seen one). */
    Optional<RedisRefusal> current() {
        return seen.entrySet().stream().max(Map.Entry.comparingByValue((a, b) -> Long.compare(a - b, 0)))
                .map(Map.Entry::getKey);
    }
}
