package dev.kickout.it.durable;

import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;

import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} (the suite's embedded binary) replicating the test Redis: bound to
 * 127.0.0.1, no persistence, loading the master's data straight from the socket (nothing on disk).
 * {@link #freeze()} stops the process (SIGSTOP) so that it acknowledges nothing while the master
 * still sees it connected; always {@link #thaw()} in {@code @AfterEach} / {@code finally}.
 */
final class TestReplica implements AutoCloseable {

    private final int port;
    private final RedisServer server;
    private final RedissonClient client;
    private final ProcessHandle process;
    private boolean frozen;

    private TestReplica(int port, int masterPort) {
        this.port = port;
        this.server = RedisServer.builder()
                .bind("127.0.0.1")
                .port(port)
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("protected-mode yes")
                .setting("repl-diskless-load on-empty-db")
                .setting("replicaof 127.0.0.1 " + masterPort)
                .build();
        server.start();
        Config config = new Config();
        config.setCodec(StringCodec.INSTANCE);
        config.useSingleServer().setAddress("redis://127.0.0.1:" + port).setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(2).setSubscriptionConnectionMinimumIdleSize(0).setTimeout(3000);
        this.client = Redisson.create(config);
        this.process = ownChild(Long.parseLong(info(RedisNode.InfoSection.SERVER).get("process_id")));
    }

    /** Starts a replica of the Redis on {@code masterPort} and returns once its link to the master is up. */
    static TestReplica start(int port, int masterPort, Duration max) {
        TestReplica replica = new TestReplica(port, masterPort);
        await(() -> "up".equals(replica.info(RedisNode.InfoSection.REPLICATION).get("master_link_status")), max,
                "replica on " + port + " never linked to its master on " + masterPort);
        return replica;
    }

    /** Reads the replica's own data (the master is never asked). */
    RedissonClient client() {
        return client;
    }

    int port() {
        return port;
    }

    void freeze() {
        signal("-STOP");
        frozen = true;
    }

    void thaw() {
        if (frozen) {
            signal("-CONT");
            frozen = false;
        }
    }

    @Override
    public void close() {
        thaw();
        client.shutdown();
        server.stop();
    }

    Map<String, String> info(RedisNode.InfoSection section) {
        return client.getRedisNodes(RedisNodes.SINGLE).getInstance().info(section);
    }

    /** Polls {@code condition} until it holds, for at most {@code max}. */
    static void await(BooleanSupplier condition, Duration max, String failure) {
        Wait.until(max, () -> "not: " + failure, condition);
    }

    /** The redis-server process, and only if this JVM started it: never signal anything else. */
    private ProcessHandle ownChild(long pid) {
        return ProcessHandle.current().descendants().filter(p -> p.pid() == pid).findFirst()
                .orElseThrow(() -> new IllegalStateException("Redis on port " + port + " runs as process " + pid
                        + ", which this JVM did not start"));
    }

    private void signal(String signal) {
        TestRedis.signal(signal, process);
    }
}
