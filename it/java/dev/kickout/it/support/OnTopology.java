package dev.kickout.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the annotated test class or method only when {@link RedisTopology#current()} is one of the
 * given topologies, and skips it otherwise. The POM already keeps {@code dev.kickout.it.topology}
 * ITs out of the wrong runs; this also holds when {@code -Dit.test=...} overrides those includes.
 * <pre>{@code
 * @OnTopology(RedisTopology.CLUSTER)
 * class ClusterFailoverIT { ... }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(OnTopologyCondition.class)
public @interface OnTopology {
    RedisTopology[] value();
}
