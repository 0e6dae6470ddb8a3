package dev.kickout.internal.config;

import java.time.Duration;

/**
 * The timings of one lock type: {@code kickout.lock.<name>}, or {@code kickout.lock.type.<type>.<name>}
 * where a type sets its own (a long contract form may hold its lock longer than a short order form).
 *
 * @param ttl         a lock lives this long past its last heartbeat
 * @param heartbeat   how often the holder's page beats
 * @param idleTimeout no activity for this long releases the lock; zero: never
 * @param idleWarning how long before such a release (or max-hold) the holder is warned
 * @param reservation how long the first in the queue may take a freed lock alone
 * @param handoverIdleAfter a hand-over request to a holder idle this long is accepted for them once it
 *                    has waited this long; zero: never
 */
public record LockTiming(Duration ttl, Duration heartbeat, Duration idleTimeout, Duration idleWarning,
                         Duration reservation, Duration handoverIdleAfter) {

    /** Whether idle release is on for the type. */
    public boolean idleRelease() {
        return !idleTimeout.isZero();
    }

    /** How long a page that stopped calling presence (or a waiter) still counts as there: two heartbeats and a margin. */
    public Duration presence() {
        return heartbeat.multipliedBy(2).plusSeconds(5);
    }
}
