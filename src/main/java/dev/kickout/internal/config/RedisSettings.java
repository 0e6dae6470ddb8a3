package dev.kickout.internal.config;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * Redis ({@code kickout.redis.*}, {@code kickout.store.retry-after}, {@code kickout.health.redis-readiness}).
 *
 * @param address      a single server's address, used when {@code configFile} is empty
 * @param configFile   the path of a Redisson YAML file, or ""
 * @param waitReplicas replicas that must acknowledge a decision: a number, or empty for {@code auto}, which
 *                     {@code dev.kickout.internal.redis} resolves from the kind of Redisson configuration
 * @param waitTimeout  how long a decision waits for its replica acknowledgements (whole milliseconds, at least 1)
 * @param readiness    whether readiness reports Redis
 */
public record RedisSettings(String address, String configFile, Duration timeout, Duration retryAfter, int breakerThreshold,
                            Duration breakerProbe, OptionalInt waitReplicas, Duration waitTimeout, boolean readiness) {

    /** More replicas than any sane setup has: a bigger number is a typo (WAIT would always time out). */
    private static final int MAX_WAIT_REPLICAS = 16;

    private static final Converters.Expecting<OptionalInt> REPLICAS = Converters.Expecting.of(
            "auto or a number of replicas from 0 to " + MAX_WAIT_REPLICAS, value -> {
                if (value.equalsIgnoreCase("auto")) {
                    return OptionalInt.empty();
                }
                int count = Integer.parseInt(value);
                return count >= 0 && count <= MAX_WAIT_REPLICAS ? OptionalInt.of(count) : null;
            });

    static RedisSettings read(SettingReader reader) {
        return new RedisSettings(reader.raw(Setting.REDIS_ADDRESS), reader.raw(Setting.REDIS_CONFIG),
                reader.read(Setting.REDIS_TIMEOUT, Converters.POSITIVE_DURATION),
                reader.read(Setting.STORE_RETRY_AFTER, Converters.POSITIVE_DURATION),
                reader.read(Setting.REDIS_BREAKER_THRESHOLD, Converters.POSITIVE_INT),
                reader.read(Setting.REDIS_BREAKER_PROBE, Converters.POSITIVE_DURATION),
                reader.read(Setting.REDIS_WAIT_REPLICAS, REPLICAS),
                reader.read(Setting.REDIS_WAIT_TIMEOUT, Converters.WHOLE_MILLIS),
                reader.read(Setting.HEALTH_REDIS_READINESS, Converters.BOOLEAN));
    }
}
