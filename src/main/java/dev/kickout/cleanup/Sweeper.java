package dev.kickout.cleanup;

import dev.kickout.config.KickoutConfig;
import dev.kickout.lock.EditLocks;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.session.SessionDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.logging.Logger;
import org.redisson.client.codec.StringCodec;

/**
 * One sweep: stale listing-index entries of sessions, users and locks, and lock data that no live
 * lock owns. A Redis lease makes one instance sweep at a time; each index gets at most
 * {@code kickout.cleanup.batch} entries of work per tick.
 */
@ApplicationScoped
public class Sweeper {

    private static final Logger LOG = Logger.getLogger(Sweeper.class.getName());

    private final String instance = UUID.randomUUID().toString();

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    SessionDirectory sessions;
    @Inject
    EditLocks locks;

    /** Sweeps if no other instance holds the lease; answers whether it did. */
    public boolean sweepOnce() {
        Duration lease = config.cleanupInterval().dividedBy(2);
        boolean mine = redis.call(client -> client.<String>getBucket(keys.sweepLease(), StringCodec.INSTANCE)
                .setIfAbsent(instance, lease.isZero() ? Duration.ofMillis(500) : lease));
        if (!mine) {
            return false;
        }
        long start = System.nanoTime();
        int batch = config.cleanupBatch();
        sessions.tidy(batch);
        EditLocks.Swept swept = locks.sweep(batch);
        LOG.info(() -> String.format("kickout sweep: %d stale lock index entries, %d orphaned locks removed; "
                + "session indexes tidied (%d ms)", swept.staleIndexEntries(), swept.orphanedLocks(),
                (System.nanoTime() - start) / 1_000_000));
        return true;
    }
}
