package dev.kickout.internal.redis;

import java.time.Duration;
import java.util.OptionalInt;

/**
 * How many replicas must acknowledge a decision before it is confirmed, and how long to wait for
 * them: {@code kickout.redis.wait-replicas} and {@code kickout.redis.wait-timeout}, resolved once.
 *
 * <p>{@code auto} looks at the kind of Redisson configuration, not at the live topology: 0 on a
 * single server, 1 with Cluster, Sentinel, master/replica or replicated servers. Asking Redis how
 * many replicas it has now would be wrong exactly when it matters: a replica that is down or
 * frozen would turn the wait off instead of turning decisions into 503s. A deployment that runs a
 * Cluster or Sentinel without replicas (no failover to survive) sets 0 explicitly.
 *
 * @param replicas acknowledgements a decision needs; 0 = confirm on the master's answer alone
 * @param timeout  the bound of Redis's {@code WAIT}
 */
record ReplicaAcks(int replicas, Duration timeout) {

    ReplicaAcks {
        if (replicas < 0 || timeout.toMillis() < 1) {
            throw new IllegalArgumentException("replicas " + replicas + ", timeout " + timeout);
        }
    }

    /** The configured count, or for {@code auto} (empty) 0 on a single server and 1 otherwise. */
    static ReplicaAcks resolve(OptionalInt configured, boolean singleServer, Duration timeout) {
        return new ReplicaAcks(configured.orElse(singleServer ? 0 : 1), timeout);
    }

    /** Whether decisions wait for replicas at all; when not, they cost nothing more than any call. */
    boolean required() {
        return replicas > 0;
    }

    /** For the startup log: what confirms a decision. */
    String summary() {
        return required() ? replicas + " replica acknowledgement(s) within " + timeout.toMillis() + " ms"
                : "the master's answer alone (no wait for replicas)";
    }

    /** Whether {@code acknowledged} replicas (WAIT's answer) confirm a decision. */
    boolean confirmedBy(int acknowledged) {
        return acknowledged >= replicas;
    }
}
