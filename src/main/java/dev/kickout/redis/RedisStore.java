package dev.kickout.redis;

import dev.kickout.config.KickoutConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    private ScheduledFuture<?> probing;

    /** Creates this bean, and so its probe timer, at deployment in the application's own context. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        breaker.allows();
    }

    @PostConstruct
    void init() {
        breaker = new CircuitBreaker(config.redisBreakerThreshold(), this::ping);
        long every = config.redisBreakerProbe().toMillis();
        probing = scheduler.scheduleWithFixedDelay(breaker::tick, every, every, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        probing.cancel(false);
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
     * The breaker's probe: one call without retry, answered within {@code kickout.redis.timeout}.
     * The wait is bounded here, not only by Redisson's own timeout: after a Redis restart a call can
     * wait for a connection that Redisson is still re-establishing (seen on Payara Micro 6.2025.10,
     * where a blocking probe never returned and the breaker stayed open), and the probe chain must
     * never stall.
     */
    private boolean ping() {
        long wait = config.redisTimeout().toMillis();
        CompletableFuture<Object> reply = client.getScript(OptionalOptions.defaults().codec(StringCodec.INSTANCE)
                        .timeout(config.redisTimeout()).retryAttempts(0))
                .evalAsync(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG).toCompletableFuture();
        try {
            reply.get(wait + 100, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            reply.cancel(false);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
