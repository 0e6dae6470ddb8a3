package dev.kickout.internal.cleanup;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * The Redis lease that lets one instance sweep at a time. Its value is this instance's id; only
 * that value renews or deletes it (compare-and-set scripts), so an instance that lost its lease to
 * a slow tick never cuts short another instance's sweep.
 */
@ApplicationScoped
class SweepLease {

    private final String instance = UUID.randomUUID().toString();

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;

    /** Takes the lease if nobody holds it. */
    boolean take(Duration time) {
        return redis.call(client -> client.<String>getBucket(keys.sweepLease(), StringCodec.INSTANCE)
                .setIfAbsent(instance, time));
    }

    /** Extends the lease if it is still this instance's; answers whether it was. */
    boolean renew(Duration time) {
        return owned(Script.LEASE_RENEW, time.toMillis());
    }

    /** Gives the lease up if it is still this instance's. */
    void release() {
        owned(Script.LEASE_RELEASE);
    }

    private boolean owned(Script script, Object... more) {
        Object[] args = new Object[more.length + 1];
        args[0] = instance;
        System.arraycopy(more, 0, args, 1, more.length);
        Long done = redis.eval(script, RScript.ReturnType.LONG, List.of(keys.sweepLease()), args);
        return done != null && done == 1L;
    }
}
