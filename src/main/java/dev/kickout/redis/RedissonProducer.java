package dev.kickout.redis;

import dev.kickout.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.io.File;
import java.io.IOException;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Owns the module's Redisson client: created on first use, shut down with the application.
 *
 * <p>The client initialises lazily, so a deployment does not hang when Redis is down at boot
 * (an eager {@code Redisson.create()} blocks for its retries); requests then answer 503 until
 * Redis is back, and Redisson reconnects by itself.
 */
@ApplicationScoped
class RedissonProducer {

    @Produces
    @ApplicationScoped
    @KickoutRedis
    RedissonClient client(KickoutConfig config) {
        Config redisson = config.redisConfigFile().isEmpty() ? singleServer(config) : fromFile(config.redisConfigFile());
        redisson.setCodec(StringCodec.INSTANCE);
        // No script cache in Redisson: its batches send EVALSHA for every script (its own too, such as
        // the one behind expireAsync) once a process-wide set says the script was loaded, and that set
        // is never emptied, so after a SCRIPT FLUSH, a Redis restart or a failover to a fresh node those
        // batches would get NOSCRIPT until the application restarts. The module's own scripts still go
        // as EVALSHA: RedisStore.eval sends them so and falls back to EVAL on NOSCRIPT.
        redisson.setUseScriptCache(false);
        redisson.setLazyInitialization(true);
        return Redisson.create(redisson);
    }

    void close(@Disposes @KickoutRedis RedissonClient client) {
        client.shutdown();
    }

    private static Config singleServer(KickoutConfig config) {
        String address = config.redisAddress();
        if (!address.matches("rediss?://[^\\s/]+")) {
            throw new IllegalStateException("Kickout configuration: kickout.redis.address = '" + address
                    + "' is invalid; expected redis://host:port or rediss://host:port");
        }
        int timeout = (int) config.redisTimeout().toMillis();
        Config redisson = new Config();
        // No retry: a command that timed out may still run once a hung Redis wakes up, so a retry
        // could apply a write twice; and it doubled the wait (timeout + delay + timeout, ~2.9 s) of
        // every request that the breaker has not yet stopped. The caller gets 503 + Retry-After.
        redisson.useSingleServer()
                .setAddress(address)
                .setTimeout(timeout)
                .setConnectTimeout(timeout)
                .setRetryAttempts(0)
                .setConnectionMinimumIdleSize(2);
        return redisson;
    }

    private static Config fromFile(String path) {
        try {
            return Config.fromYAML(new File(path));
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Kickout configuration: kickout.redis.config = '" + path
                    + "' cannot be read as a Redisson YAML file: " + e.getMessage(), e);
        }
    }
}
