package dev.kickout.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisClusterDownException;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisLoadingException;
import org.redisson.client.RedisMasterDownException;
import org.redisson.client.RedisNodeNotFoundException;
import org.redisson.client.RedisRetryException;
import org.redisson.client.RedisTimeoutException;
import org.redisson.client.RedisTryAgainException;
import org.redisson.client.codec.StringCodec;

/**
 * The one door to Redis: runs the module's scripts and plain commands, and turns "Redis is
 * unreachable" into {@link StoreUnavailableException} (503) so that nothing fails open.
 */
@ApplicationScoped
public class RedisStore {

    @Inject
    @KickoutRedis
    RedissonClient client;

    /**
     * Runs one script in one round trip (EVALSHA, with EVAL only after a NOSCRIPT reply).
     * Replies come back as lists of strings and longs.
     */
    public List<Object> run(Script script, List<Object> keys, Object... args) {
        return call(redis -> redis.getScript(StringCodec.INSTANCE)
                .eval(RScript.Mode.READ_WRITE, script.source(), RScript.ReturnType.LIST, keys, args));
    }

    /** Runs any other Redisson call with the same failure mapping. */
    public <T> T call(Function<RedissonClient, T> command) {
        try {
            return command.apply(client);
        } catch (RedisException e) {
            if (unreachable(e)) {
                throw new StoreUnavailableException(e);
            }
            throw e;
        }
    }

    /** Whether {@code e} means "cannot reach Redis" rather than "Redis refused the command". */
    static boolean unreachable(RedisException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException || cause instanceof RedisException redis && unreachableType(redis)) {
                return true;
            }
        }
        return false;
    }

    private static boolean unreachableType(RedisException e) {
        return e instanceof RedisConnectionException
                || e instanceof RedisTimeoutException
                || e instanceof RedisRetryException
                || e instanceof RedisNodeNotFoundException
                || e instanceof RedisLoadingException
                || e instanceof RedisClusterDownException
                || e instanceof RedisMasterDownException
                || e instanceof RedisTryAgainException;
    }
}
