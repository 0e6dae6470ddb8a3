package dev.kickout.it.support;

import java.util.Objects;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

import redis.embedded.RedisServer;

/**
 * The Redis that the integration tests and the WildFly under test share.
 * <p>
 * {@link TestRedisSessionListener} starts it once per failsafe run on 127.0.0.1 at the port in the
 * system property {@value #PORT_PROPERTY} (6399, set by the POM) and stops it at the end. Tests use
 * this class to reach it or to take it down for a while:
 * <pre>{@code
 * TestRedis.stop();                       // the app now sees Redis down
 * ...assert 503s...
 * TestRedis.start();                      // same port, empty data set
 * RedissonClient redis = TestRedis.client();  // StringCodec by default
 * redis.getKeys().getKeysByPattern("kickout:*");
 * }</pre>
 * Restarting loses all data (no persistence). Outside failsafe (no port property) every method
 * fails with an {@link IllegalStateException}.
 */
public final class TestRedis {

    /** System property (set by failsafe) naming the port; its presence is what turns Redis on. */
    public static final String PORT_PROPERTY = "kickout.it.redis.port";

    private static RedisServer server;
    private static int port;
    private static RedissonClient client;

    private TestRedis() {
    }

    /** Whether this JVM is meant to run the test Redis (failsafe sets the port property). */
    static boolean enabled() {
        return System.getProperty(PORT_PROPERTY) != null;
    }

    /** Port of the test Redis (6399 unless the POM says otherwise). */
    public static synchronized int port() {
        requireSession();
        return port;
    }

    /** Address in Redisson form, e.g. {@code redis://127.0.0.1:6399}. */
    public static String address() {
        return "redis://127.0.0.1:" + port();
    }

    public static synchronized boolean isRunning() {
        requireSession();
        return server.isActive();
    }

    /** Stops Redis (SIGTERM, waits for the process); the port is free when this returns. No-op when stopped. */
    public static synchronized void stop() {
        requireSession();
        if (server.isActive()) {
            server.stop();
        }
    }

    /** Starts Redis again on the same port with an empty data set. No-op when running. */
    public static synchronized void start() {
        requireSession();
        if (!server.isActive()) {
            server.start();
        }
    }

    public static synchronized void restart() {
        stop();
        start();
    }

    /**
     * A Redisson client for the test Redis, {@link StringCodec} by default, shared by all tests and
     * closed at the end of the run: do not shut it down. It reconnects by itself after a restart.
     */
    public static synchronized RedissonClient client() {
        requireSession();
        if (client == null) {
            Config config = new Config();
            config.setCodec(StringCodec.INSTANCE);
            config.useSingleServer()
                    .setAddress(address())
                    .setConnectionMinimumIdleSize(1)
                    .setConnectionPoolSize(8)
                    .setSubscriptionConnectionMinimumIdleSize(1)
                    .setSubscriptionConnectionPoolSize(4);
            client = Redisson.create(config);
        }
        return client;
    }

    static synchronized void openSession() {
        if (server != null) {
            return;
        }
        port = Integer.parseInt(Objects.requireNonNull(System.getProperty(PORT_PROPERTY)));
        server = RedisProcess.create(port);
        server.start();
    }

    static synchronized void closeSession() {
        if (client != null) {
            client.shutdown();
            client = null;
        }
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    private static void requireSession() {
        if (server == null) {
            throw new IllegalStateException("The test Redis only runs under failsafe (system property "
                    + PORT_PROPERTY + " unset)");
        }
    }
}
