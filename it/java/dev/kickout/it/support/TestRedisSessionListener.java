package dev.kickout.it.support;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Starts the test Redis when the JUnit launcher session opens and stops it when it closes, but only
 * in the failsafe JVM (see {@link TestRedis#PORT_PROPERTY}): surefire's unit tests get no Redis.
 * In a topology run ({@link RedisTopology#current()} not {@code SINGLE}) it starts the Redis Cluster
 * or Sentinel setup of {@link Topology} instead of the single Redis.
 * Registered in {@code META-INF/services/org.junit.platform.launcher.LauncherSessionListener}.
 */
public final class TestRedisSessionListener implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (!TestRedis.enabled()) {
            return;
        }
        if (RedisTopology.current() == RedisTopology.SINGLE) {
            TestRedis.openSession();
        } else {
            Topology.openSession(RedisTopology.current());
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (TestRedis.enabled()) {
            try {
                TestRedis.closeSession();
            } finally {
                Topology.closeSession();
            }
        }
    }
}
