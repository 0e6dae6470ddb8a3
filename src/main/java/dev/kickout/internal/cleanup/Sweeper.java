package dev.kickout.internal.cleanup;

import dev.kickout.internal.LogId;
import dev.kickout.internal.audit.AuditLog;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.lock.EditLocks;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.session.SessionDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * One sweep: stale listing-index entries of sessions, users and locks, lock keys that no live
 * lock owns or that have no expiry, and audit entries past the retention in every audit shard. A Redis lease ({@link SweepLease}) makes one instance sweep at
 * a time; it is renewed between the steps (a sweep that lost it stops) and released by its owner at
 * the end. Each step examines at most {@code kickout.cleanup.batch} entries per tick; the walk over
 * lock keys goes on from where the last tick stopped, so successive ticks reach every key.
 */
@ApplicationScoped
public class Sweeper {

    private static final Logger LOG = Logger.getLogger(Sweeper.class.getName());

    @Inject
    SweepLease lease;
    @Inject
    KickoutConfig config;
    @Inject
    SessionDirectory sessions;
    @Inject
    EditLocks locks;
    @Inject
    AuditLog audit;
    @Inject
    Metrics metrics;

    /** Sweeps if no other instance holds the lease; answers whether it did. */
    public boolean sweepOnce() {
        Duration time = leaseTime();
        if (!lease.take(time)) {
            return false;
        }
        try {
            long start = System.nanoTime();
            int batch = config.cleanup().batch();
            sessions.tidy(batch);
            // each step's removals count as soon as they are done: a later step may fail (Redis gone)
            int staleEntries = lease.renew(time) ? locks.pruneIndex(batch) : 0;
            metrics.locksExpired(staleEntries);
            metrics.sweepRemoved("lock_index", staleEntries);
            int orphans = lease.renew(time) ? locks.boundOrphans(batch) : 0;
            metrics.sweepRemoved("lock_orphan", orphans);
            long trimmed = lease.renew(time) ? audit.trim() : 0;
            metrics.sweepRemoved("audit", trimmed);
            metrics.swept();
            LOG.info(() -> LogId.SWEEP_DONE.message(String.format("sweep: %d stale lock index entries removed, %d lock"
                    + " keys without expiry bounded, %d audit entries past the retention dropped; session indexes"
                    + " tidied (%d ms)", staleEntries, orphans, trimmed, (System.nanoTime() - start) / 1_000_000)));
            return true;
        } finally {
            lease.release();
        }
    }

    /** Half the interval, so a crashed sweeper never blocks the next tick. */
    private Duration leaseTime() {
        Duration half = config.cleanup().interval().dividedBy(2);
        return half.toMillis() < 500 ? Duration.ofMillis(500) : half;
    }
}
