package dev.kickout.internal.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * Redis's own time, for the few "now" comparisons made outside a script (listing indexes scored by
 * expiry, the audit's retention bound). The app server's clock never decides an expiry: instances
 * whose clocks disagree must still agree on what has expired.
 */
@ApplicationScoped
public class RedisClock {

    @Inject
    RedisStore redis;

    /** Redis's time in epoch milliseconds, asked of the node that holds {@code slotKey}'s slot. */
    public long millis(String slotKey) {
        return ((Number) redis.run(Script.CLOCK_NOW, List.of(slotKey)).get(0)).longValue();
    }
}
