package dev.kickout.redis;

import dev.kickout.config.KickoutConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.OptionalOptions;
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
 *
 * <p>A {@link CircuitBreaker} guards the door: after {@code kickout.redis.breaker.failures}
 * unreachable failures in a row, calls fail at once (no thread waits for a hung Redis) while one
 * probe pings Redis every {@code kickout.redis.breaker.probe-interval} and reopens the door on
 * its first answer.
 */
@ApplicationScoped
public class RedisStore {

    @Inject
    @KickoutRedis
    RedissonClient client;

    @Inject
    KickoutConfig config;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private CircuitBreaker breaker;

    @PostConstruct
    void init() {
        breaker = new CircuitBreaker(config.redisBreakerThreshold(), config.redisBreakerProbe(), this::ping,
                (task, delay) -> scheduler.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS));
    }

    @PreDestroy
    void stop() {
        breaker.stop();
    }

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
        if (!breaker.allows()) {
            throw new StoreUnavailableException();
        }
        try {
            T result = command.apply(client);
            if (!(result instanceof CompletionStage)) { // a future returned is no proof that Redis answered
                breaker.succeeded();
            }
            return result;
        } catch (RedisException e) {
            if (unreachable(e)) {
                breaker.failed();
                throw new StoreUnavailableException(e);
            }
            breaker.succeeded();
            throw e;
        }
    }

    /** Whether calls go to Redis now, rather than failing at once because it stopped answering. */
    public boolean available() {
        return breaker.allows();
    }

    /**
     * The breaker's probe: one call without retry, waiting up to {@code kickout.redis.timeout}. After
     * Redis restarts, the first call also opens a connection and loads the script, which can take
     * longer than the probe interval on a loaded machine; a shorter wait would cut every attempt short.
     */
    private boolean ping() {
        try {
            client.getScript(OptionalOptions.defaults().codec(StringCodec.INSTANCE)
                            .timeout(config.redisTimeout()).retryAttempts(0))
                    .eval(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG);
            return true;
        } catch (RedisException e) {
            return false;
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
