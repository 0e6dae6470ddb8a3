package dev.kickout.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
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
 * TestRedis.hang();                       // SIGSTOP: connections stay open, nothing answers
 * TestRedis.resume();                     // SIGCONT: everything queued is answered, data intact
 * RedissonClient redis = TestRedis.client();  // StringCodec by default
 * redis.getKeys().getKeysByPattern("kickout:*");
 * }</pre>
 * Restarting loses all data (no persistence). Outside failsafe (no port property) every method
 * fails with an {@link IllegalStateException}. In a topology run ({@link RedisTopology}) there is no
 * single Redis: {@link #client()} then reaches the cluster or the sentinel master (see {@link Topology})
 * and every other method fails with an {@link IllegalStateException}.
 */
public final class TestRedis {

    /** System property (set by failsafe) naming the port; its presence is what turns Redis on. */
    public static final String PORT_PROPERTY = "kickout.it.redis.port";

    private static RedisServer server;
    private static int port;
    private static RedissonClient client;
    private static ProcessHandle hung;

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
        resume(); // a stopped process would not act on SIGTERM, and stop() would wait forever
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

    /**
     * Hangs Redis without closing anything (SIGSTOP to the {@code redis-server} process): the kernel
     * still accepts connections and buffers commands, but no reply comes, as with a Redis stuck in
     * a long command or a frozen VM. Pair with {@link #resume()} in an {@code @AfterEach}. Linux and
     * macOS only ({@code kill}).
     */
    public static synchronized void hang() {
        requireSession();
        if (hung == null) {
            ProcessHandle process = serverProcess();
            signal("-STOP", process);
            hung = process;
        }
    }

    /** Lets a hung Redis run again (SIGCONT); it answers everything queued meanwhile. No-op unless hung. */
    public static synchronized void resume() {
        requireSession();
        if (hung != null) {
            signal("-CONT", hung);
            hung = null;
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
        if (client == null) {
            Config config;
            if (RedisTopology.current() == RedisTopology.SINGLE) {
                requireSession();
                config = new Config();
                config.useSingleServer()
                        .setAddress(address())
                        .setConnectionMinimumIdleSize(1)
                        .setConnectionPoolSize(8)
                        .setSubscriptionConnectionMinimumIdleSize(1)
                        .setSubscriptionConnectionPoolSize(4);
            } else {
                config = Topology.redissonConfig();
            }
            config.setCodec(StringCodec.INSTANCE);
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
        if (server != null) {
            resume();
        }
        if (client != null) {
            client.shutdown();
            client = null;
        }
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /**
     * The {@code redis-server} process, as Redis itself reports it ({@code INFO server}), and only if
     * it is a child of this JVM: never signal anything else.
     */
    private static ProcessHandle serverProcess() {
        if (!server.isActive()) {
            throw new IllegalStateException("The test Redis is stopped; start() it before hang()");
        }
        long pid = Long.parseLong(client().getRedisNodes(RedisNodes.SINGLE).getInstance()
                .info(RedisNode.InfoSection.SERVER).get("process_id"));
        return ProcessHandle.current().descendants().filter(p -> p.pid() == pid).findFirst()
                .orElseThrow(() -> new IllegalStateException("Redis on port " + port + " runs as process " + pid
                        + ", which this JVM did not start"));
    }

    /** Sends {@code signal} ({@code -STOP}, {@code -CONT}, ...) to {@code process} with {@code kill}; fails unless it worked. */
    public static void signal(String signal, ProcessHandle process) {
        try {
            Process kill = new ProcessBuilder("kill", signal, String.valueOf(process.pid())).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void requireSession() {
        if (RedisTopology.current() != RedisTopology.SINGLE) {
            throw new IllegalStateException("This run tests against a Redis " + RedisTopology.current()
                    + ": there is no single test Redis to reach, stop or hang (use Topology)");
        }
        if (server == null) {
            throw new IllegalStateException("The test Redis only runs under failsafe (system property "
                    + PORT_PROPERTY + " unset)");
        }
    }
}
