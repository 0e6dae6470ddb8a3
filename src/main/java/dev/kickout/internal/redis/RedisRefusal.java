package dev.kickout.internal.redis;

import java.util.Locale;
import java.util.Optional;
import org.redisson.client.RedisBusyException;
import org.redisson.client.RedisClusterDownException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisLoadingException;
import org.redisson.client.RedisMasterDownException;
import org.redisson.client.RedisNoReplicasException;
import org.redisson.client.RedisNoScriptException;
import org.redisson.client.RedisOutOfMemoryException;
import org.redisson.client.RedisReadonlyException;
import org.redisson.client.RedisTryAgainException;

/**
 * A state in which Redis answers at once but will not serve the command: the store is there, yet
 * cannot do its job for now. Every one of them is a 503 {@code STORE_UNAVAILABLE} with
 * {@code Retry-After}, never a 500. Recognised by Redisson's exception type, else by the error
 * code that starts a message in the cause chain (a reply can arrive wrapped).
 */
enum RedisRefusal {
    /** A replica (failover, or {@code REPLICAOF}): reads work, writes are refused. */
    READONLY("a replica, writes refused", RedisReadonlyException.class),
    /** Loading its data set after a restart. */
    LOADING("loading its data set", RedisLoadingException.class),
    /** A replica whose link to its master is down, with {@code replica-serve-stale-data no}. */
    MASTERDOWN("a replica without its master", RedisMasterDownException.class),
    /** Running a script or function past {@code busy-reply-threshold}. */
    BUSY("busy with a long script", RedisBusyException.class),
    /** At {@code maxmemory} under {@code noeviction}: writes refused. */
    OOM("out of memory, writes refused", RedisOutOfMemoryException.class),
    /** The script is not in Redis's cache; {@link RedisStore#eval} then sends it whole, so this stays internal. */
    NOSCRIPT("without the module's scripts", RedisNoScriptException.class),
    /** A cluster without full slot coverage. */
    CLUSTERDOWN("a cluster that is down", RedisClusterDownException.class),
    /** A cluster moving slots (multi-key command during resharding). */
    TRYAGAIN("a cluster moving slots", RedisTryAgainException.class),
    /** {@code min-replicas-to-write} not met. */
    NOREPLICAS("short of replicas, writes refused", RedisNoReplicasException.class),
    /** Redirected again and again ({@code MOVED}/{@code ASK} loop) while a cluster reshapes. */
    MOVED("redirecting in a loop", null),
    /**
     * The module's ACL user lacks a command, key or channel it needs (see
     * {@code server-config/redis/kickout-users.acl}): a setup fault of the operator's, not the request's.
     */
    NOPERM("refusing the module's ACL user a command, key or channel it needs", null),
    /**
     * Not a reply of Redis's own: fewer replicas than {@code kickout.redis.wait-replicas} acknowledged
     * a decision within {@code kickout.redis.wait-timeout} ({@link RedisStore#runDurably}).
     */
    UNCONFIRMED("without replicas that acknowledge decisions in time (they stand on the master only;"
            + " with no replicas at all, set kickout.redis.wait-replicas=0)", null);

    private final String meaning;
    private final Class<? extends RedisException> type;

    RedisRefusal(String meaning, Class<? extends RedisException> type) {
        this.meaning = meaning;
        this.type = type;
    }

    /** What Redis is doing, for the log ("Redis is a replica, writes refused"). */
    String meaning() {
        return meaning;
    }

    /** The refusal behind {@code failure}, if it is one of these states. */
    static Optional<RedisRefusal> of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            for (RedisRefusal refusal : values()) {
                if (refusal.matches(cause)) {
                    return Optional.of(refusal);
                }
            }
        }
        return Optional.empty();
    }

    private boolean matches(Throwable cause) {
        if (this == UNCONFIRMED) {
            return false; // RedisStore counts acknowledgements; no error reply carries this
        }
        if (type != null && type.isInstance(cause)) {
            return true;
        }
        String message = cause.getMessage();
        if (message == null) {
            return false;
        }
        if (this == MOVED) {
            // Redisson follows redirects itself and gives up with this message when they loop
            return cause instanceof RedisException && message.toLowerCase(Locale.ROOT).contains("redirection loop");
        }
        return cause instanceof RedisException && (message.startsWith(name() + " ") || message.startsWith("-" + name() + " ")
                || message.equals(name()));
    }
}
