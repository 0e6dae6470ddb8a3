package dev.kickout.internal.redis;

import dev.kickout.ForKickout;
import dev.kickout.internal.LogId;
import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.io.File;
import java.io.IOException;
import java.util.Optional;
import java.util.logging.Logger;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Provides the module's Redisson client: the host's, when the host produces one qualified
 * {@link ForKickout}; otherwise the module's own, created on first use and shut down with the
 * application. The host's client is never shut down here: it belongs to the host.
 *
 * <p>The client initialises lazily, so a deployment does not hang when Redis is down at boot
 * (an eager {@code Redisson.create()} blocks for its retries); requests then answer 503 until
 * Redis is back, and Redisson reconnects by itself.
 */
@ApplicationScoped
class RedissonProducer {

    private static final Logger LOG = Logger.getLogger(RedissonProducer.class.getName());

    @Inject
    @ForKickout
    Instance<RedissonClient> hostClient;

    @Produces
    @ApplicationScoped
    @KickoutRedis
    RedissonClient client(KickoutConfig config) {
        Optional<RedissonClient> host = hostClient(hostClient);
        if (host.isPresent()) {
            LOG.info(LogId.REDIS_HOST_CLIENT.message("using the application's @ForKickout RedissonClient;"
                    + " kickout.redis.address and kickout.redis.config are not used"));
            warnOfScriptCache(host.get());
            ExactlyOnceSettings.check(host.get().getConfig(), "the @ForKickout RedissonClient");
            return host.get();
        }
        Config redisson = config.redis().configFile().isEmpty() ? singleServer(config) : fromFile(config.redis().configFile());
        ExactlyOnceSettings.check(redisson, config.redis().configFile().isEmpty() ? "kickout.redis.address"
                : "kickout.redis.config = '" + config.redis().configFile() + "'");
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
        if (hostClient.isUnsatisfied()) {
            client.shutdown();
        }
        // the server's threads outlive the application: what the last calls left on them would keep it in memory
        ContainerThreads.forgetEverywhere();
    }

    /** The host's {@link ForKickout} client if it produces one; two are a deployment error, not a guess. */
    static Optional<RedissonClient> hostClient(Instance<RedissonClient> candidates) {
        if (candidates.isUnsatisfied()) {
            return Optional.empty();
        }
        if (candidates.isAmbiguous()) {
            throw new IllegalStateException("Kickout configuration: the application produces more than one "
                    + "@ForKickout RedissonClient; produce exactly one, or none to let the module create its own");
        }
        return Optional.of(candidates.get());
    }

    /**
     * Redisson's script cache makes its batches send EVALSHA without falling back to EVAL (see
     * {@link #client}), so after a SCRIPT FLUSH or a failover the module's batched writes would fail
     * until the application restarts. The host's client is the host's to configure: say so once.
     */
    private static void warnOfScriptCache(RedissonClient client) {
        if (client.getConfig().isUseScriptCache()) {
            LOG.warning(LogId.REDIS_HOST_SCRIPT_CACHE.message("the @ForKickout RedissonClient has useScriptCache=true;"
                    + " after a SCRIPT FLUSH, a Redis restart or a failover its batches answer NOSCRIPT until the"
                    + " application restarts. Set useScriptCache: false on that client"
                    + " (docs/guide/dependency.md, \"The host's own Redisson client\")"));
        }
    }

    private static Config singleServer(KickoutConfig config) {
        String address = config.redis().address();
        if (!address.matches("rediss?://[^\\s/]+")) {
            throw new IllegalStateException("Kickout configuration: kickout.redis.address = '" + address
                    + "' is invalid; expected redis://host:port or rediss://host:port");
        }
        int timeout = (int) config.redis().timeout().toMillis();
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
