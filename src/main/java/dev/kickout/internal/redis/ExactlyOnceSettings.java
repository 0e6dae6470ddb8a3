package dev.kickout.internal.redis;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.redisson.config.BaseConfig;
import org.redisson.config.BaseMasterSlaveServersConfig;
import org.redisson.config.Config;
import org.redisson.config.ReadMode;
import org.redisson.config.SubscriptionMode;

/**
 * Refuses, at start-up, the Redisson settings under which the module's guarantees do not hold, whether they
 * come from {@code kickout.redis.config} or from the host's {@code @ForKickout} client:
 * <ul>
 * <li>{@code retryAttempts} above 0: a command that timed out may still run once Redis wakes up, so a retry
 * can apply a decision twice;</li>
 * <li>{@code readMode} other than {@code MASTER}: a replica lags, so a revoked session or a released lock
 * could be read back as live;</li>
 * <li>{@code subscriptionMode} other than {@code MASTER}: the invalidation channel then arrives through a
 * replica, as late as its replication, while the decision was made on the master;</li>
 * <li>{@code keepPubSubOrder: false}: the near cache's heartbeat proves the invalidations published before
 * it were heard only if messages are handled in the order Redis sent them.</li>
 * </ul>
 */
final class ExactlyOnceSettings {

    private ExactlyOnceSettings() {
    }

    /** Throws, naming every offending setting and what to set instead, when {@code config} breaks a guarantee. */
    static void check(Config config, String source) {
        List<String> wrong = new ArrayList<>();
        if (!config.isKeepPubSubOrder()) {
            wrong.add("keepPubSubOrder is false; set keepPubSubOrder: true (the near cache's heartbeats vouch for the"
                    + " invalidations before them only in order)");
        }
        BaseConfig<?> servers = servers(config);
        if (servers != null && servers.getRetryAttempts() > 0) {
            wrong.add("retryAttempts is " + servers.getRetryAttempts() + "; set retryAttempts: 0 (a timed-out command"
                    + " may still run, so a retry can apply a decision twice)");
        }
        if (servers instanceof BaseMasterSlaveServersConfig<?> replicated) {
            if (replicated.getReadMode() != ReadMode.MASTER) {
                wrong.add("readMode is " + replicated.getReadMode() + "; set readMode: \"MASTER\" (a replica lags:"
                        + " a revoked session or a released lock would read as live)");
            }
            if (replicated.getSubscriptionMode() != SubscriptionMode.MASTER) {
                wrong.add("subscriptionMode is " + replicated.getSubscriptionMode() + "; set subscriptionMode:"
                        + " \"MASTER\" (invalidations would arrive as late as a replica's replication)");
            }
        }
        if (!wrong.isEmpty()) {
            throw new IllegalStateException("Kickout configuration: " + source + " breaks exactly-once: "
                    + String.join("; ", wrong) + " (docs/guide/dependency.md, \"Redisson settings Kickout refuses\")");
        }
    }

    /**
     * The servers part of a Redisson config, or null when none is set. Redisson keeps these getters protected;
     * its copy constructor, the public way to them, would give the caller's config a Kryo codec this
     * module does not ship.
     */
    private static BaseConfig<?> servers(Config config) {
        for (String getter : List.of("getSingleServerConfig", "getSentinelServersConfig", "getClusterServersConfig",
                "getReplicatedServersConfig", "getMasterSlaveServersConfig")) {
            try {
                Method method = Config.class.getDeclaredMethod(getter);
                method.setAccessible(true);
                Object servers = method.invoke(config);
                if (servers != null) {
                    return (BaseConfig<?>) servers;
                }
            } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Kickout cannot read the Redisson configuration's " + getter
                        + " (Redisson version changed?)", e);
            }
        }
        return null;
    }
}
