package dev.kickout.it.support;

import java.util.Locale;

/**
 * Which Redis the integration tests run against, chosen by the failsafe execution with the system
 * property {@value #PROPERTY}: {@code single} (default: one {@code redis-server}, see {@link TestRedis}),
 * {@code cluster} (3 masters + 3 replicas) or {@code sentinel} (master + 2 replicas + 3 sentinels),
 * see {@link Topology}.
 * <pre>{@code
 * assumeTrue(RedisTopology.current() == RedisTopology.SINGLE, "reads INFO of the one Redis");
 * }</pre>
 */
public enum RedisTopology {
    SINGLE, CLUSTER, SENTINEL;

    /** System property (set per failsafe execution by the POM) naming the topology. */
    public static final String PROPERTY = "kickout.it.redis.topology";

    public static RedisTopology current() {
        String value = System.getProperty(PROPERTY, "").trim();
        if (value.isEmpty()) {
            return SINGLE;
        }
        try {
            return valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(PROPERTY + " = '" + value + "'; expected single, cluster or sentinel", e);
        }
    }
}
