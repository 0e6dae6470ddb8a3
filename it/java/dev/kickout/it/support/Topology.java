package dev.kickout.it.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.redisson.config.Config;

/**
 * The Redis Cluster or Sentinel setup that a topology run ({@link RedisTopology#current()} is
 * {@code CLUSTER} or {@code SENTINEL}) tests against, started by {@link TestRedisSessionListener}
 * from the same {@code redis-server} binary as {@link TestRedis}, on 127.0.0.1, in a fresh
 * directory under {@code target/redis-cluster/} or {@code target/redis-sentinel/}, and stopped at
 * the end of the run. Ports: {@value #CLUSTER_PORT_PROPERTY} .. +5 (3 masters, then their replicas),
 * or {@value #SENTINEL_PORT_PROPERTY} .. +2 (master, 2 replicas) and +3 .. +5 (sentinels, master
 * name {@code kickout}). Every method fails with an {@link IllegalStateException} under {@code SINGLE}.
 * <pre>{@code
 * RedisNodeProcess master = Topology.masterOf("kickout:{u:alice}:sessions");
 * Topology.kill(master);                  // kill -9
 * ...requests get 503, then a replica takes over...
 * Topology.restart(master);               // back on its port, as a replica
 * Topology.awaitHealthy(Duration.ofSeconds(60));
 * }</pre>
 * The application servers read {@code target/redis-<topology>/redisson.yaml}, made from
 * {@code server-config/redis/redisson-cluster.yaml} or {@code redisson-sentinel.yaml} with the
 * addresses replaced ({@value #CONFIG_PROPERTY}); {@link TestRedis#client()} uses the same file.
 */
public final class Topology {

    public static final String CLUSTER_PORT_PROPERTY = "kickout.it.cluster.port";
    public static final String SENTINEL_PORT_PROPERTY = "kickout.it.sentinel.port";
    /** Absolute path of the generated Redisson YAML; the POM hands the servers the same path (kickout.it.server.redis-config-arg in arquillian.xml). */
    public static final String CONFIG_PROPERTY = "kickout.it.redis.config";

    private static LocalTopology running;
    private static Path yaml;

    private Topology() {
    }

    /** Every redis-server that holds data and runs now (not the sentinels), masters and replicas. */
    public static synchronized List<RedisNodeProcess> dataNodes() {
        return require().dataNodeHandles();
    }

    /** The node that serves writes of the key now: the owner of its slot (cluster) or the master (sentinel). */
    public static RedisNodeProcess masterOf(String key) {
        return require().masterOf(key);
    }

    /** Sends {@code command} to the node as it is (say {@code SCRIPT FLUSH}) and answers its reply. */
    public static Object command(RedisNodeProcess node, String... command) {
        return Resp.call(node.port(), command);
    }

    /** Kills the node with SIGKILL, as a crash would; returns when the process is gone. */
    public static void kill(RedisNodeProcess node) {
        require().kill(node);
    }

    /** The running data nodes that replicate from {@code master} now (its {@code INFO replication}). */
    public static List<RedisNodeProcess> replicasOf(RedisNodeProcess master) {
        return require().replicasOf(master);
    }

    /**
     * Holds back everything {@code master} writes from its replicas, for as long as {@code during} runs:
     * the replicas are stopped (SIGSTOP), so they neither read nor reconnect, and the master drops their
     * links ({@code CLIENT KILL TYPE replica}), so what it writes meanwhile stays in its own memory, not
     * in a socket buffer a replica would still read. The replicas run again (SIGCONT) when this returns,
     * whatever happened to the master: if it was killed inside {@code during}, they never get those writes.
     * Returns the replicas that were held back.
     */
    public static List<RedisNodeProcess> withReplicasHeldBack(RedisNodeProcess master, WhileHeld during)
            throws InterruptedException {
        List<RedisNodeProcess> replicas = replicasOf(master);
        if (replicas.isEmpty()) {
            throw new IllegalStateException(master + " has no replica to hold back");
        }
        List<ProcessHandle> frozen = new java.util.ArrayList<>();
        try {
            for (RedisNodeProcess replica : replicas) {
                ProcessHandle process = ProcessHandle.of(replica.pid())
                        .orElseThrow(() -> new IllegalStateException(replica + " does not run"));
                TestRedis.signal("-STOP", process);
                frozen.add(process);
            }
            Resp.call(master.port(), "CLIENT", "KILL", "TYPE", "replica");
            during.run();
        } finally {
            frozen.forEach(process -> TestRedis.signal("-CONT", process));
        }
        return replicas;
    }

    /** What a test does while {@link #withReplicasHeldBack} holds the replicas back. */
    @FunctionalInterface
    public interface WhileHeld {
        void run() throws InterruptedException;
    }

    /**
     * Starts a killed node again on its port. If it was a master, this first waits (up to 60 s) until
     * another node took over, so it rejoins as a replica and copies the data instead of wiping it.
     */
    public static void restart(RedisNodeProcess node) {
        LocalTopology topology = require();
        topology.restart(topology.dataNode(node));
    }

    /**
     * Waits until the topology is whole again: cluster: {@code cluster_state:ok} on every running node,
     * every slot on a live master, every master with an online replica; sentinel: all sentinels agree
     * on a live master with an online replica and see every running replica.
     */
    public static void awaitHealthy(Duration max) {
        require().awaitHealthy(max);
    }

    /** The Redisson config of the generated YAML (what the application servers use). */
    static synchronized Config redissonConfig() {
        return require().redissonConfig(yaml);
    }

    static synchronized void openSession(RedisTopology topology) {
        if (running != null) {
            return;
        }
        Path basedir = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        Path target = basedir.resolve("target");
        LocalTopology started = switch (topology) {
            case CLUSTER -> new LocalCluster(port(CLUSTER_PORT_PROPERTY, 7001), target.resolve("redis-cluster"));
            case SENTINEL -> new LocalSentinel(port(SENTINEL_PORT_PROPERTY, 7011), target.resolve("redis-sentinel"));
            case SINGLE -> throw new IllegalArgumentException("SINGLE runs TestRedis, not a Topology");
        };
        Runtime.getRuntime().addShutdownHook(new Thread(started::killAll, "kill-redis-topology"));
        running = started;
        long begin = System.nanoTime();
        started.start();
        System.out.printf("[figure] redis %s on 127.0.0.1 started and healthy in %d ms%n",
                topology.name().toLowerCase(Locale.ROOT), (System.nanoTime() - begin) / 1_000_000);
        String configured = System.getProperty(CONFIG_PROPERTY, "");
        yaml = started.writeYaml(basedir, configured.isBlank()
                ? target.resolve("redis-" + topology.name().toLowerCase(Locale.ROOT)).resolve("redisson.yaml")
                : Path.of(configured).toAbsolutePath());
        System.setProperty(CONFIG_PROPERTY, yaml.toString());
    }

    static synchronized void closeSession() {
        if (running != null) {
            running.stop();
            running = null;
        }
    }

    private static synchronized LocalTopology require() {
        if (running == null) {
            throw new IllegalStateException("No Redis Cluster or Sentinel runs: " + RedisTopology.PROPERTY + " is "
                    + RedisTopology.current() + " (Topology only works in the it-cluster and it-sentinel runs)");
        }
        return running;
    }

    private static int port(String property, int fallback) {
        return Integer.parseInt(Objects.requireNonNullElse(System.getProperty(property), String.valueOf(fallback)));
    }
}
