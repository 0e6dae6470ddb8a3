package dev.kickout.it.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Redis Cluster of 3 masters (ports base .. base+2) and 3 replicas (base+3 .. base+5, replica
 * base+3+i of master base+i) on 127.0.0.1, formed with CLUSTER MEET / ADDSLOTSRANGE / REPLICATE.
 * A short {@code cluster-node-timeout} makes a failover take a few seconds.
 */
final class LocalCluster extends LocalTopology {

    static final int NODE_TIMEOUT_MS = 1_500;
    private static final int SLOTS = 16_384;
    private static final Duration FORM_TIMEOUT = Duration.ofSeconds(60);

    private final int base;
    private final Path root;

    LocalCluster(int base, Path root) {
        this.base = base;
        this.root = root;
        for (int port = base; port < base + 6; port++) {
            dataNodes.put(port, new RedisServerProcess(port, root.resolve(String.valueOf(port)), false));
        }
    }

    @Override
    void start() {
        for (RedisServerProcess node : dataNodes.values()) {
            node.prepare(dataNodeConfig(node.port()) + """
                    cluster-enabled yes
                    cluster-config-file nodes.conf
                    cluster-node-timeout %d
                    cluster-replica-validity-factor 0
                    cluster-allow-replica-migration no
                    """.formatted(NODE_TIMEOUT_MS));
            node.start();
        }
        for (int port = base + 1; port < base + 6; port++) {
            Resp.call(base, "CLUSTER", "MEET", "127.0.0.1", String.valueOf(port));
        }
        for (int i = 0; i < 3; i++) {
            int from = i * SLOTS / 3;
            int to = (i + 1) * SLOTS / 3 - 1;
            Resp.call(base + i, "CLUSTER", "ADDSLOTSRANGE", String.valueOf(from), String.valueOf(to));
        }
        Poll.until(FORM_TIMEOUT, () -> "every node to know all 6 nodes", () -> dataNodes.keySet().stream()
                .allMatch(port -> ClusterView.of(port).connectedNodes() == 6));
        for (int i = 0; i < 3; i++) {
            String masterId = Resp.text(base + i, "CLUSTER", "MYID");
            int replica = base + 3 + i;
            Poll.until(FORM_TIMEOUT, () -> "port " + replica + " to replicate " + (base + 0),
                    () -> "OK".equals(Resp.call(replica, "CLUSTER", "REPLICATE", masterId)));
        }
        awaitHealthy(FORM_TIMEOUT);
    }

    @Override
    RedisNodeProcess masterOf(String key) {
        long slot = (Long) Resp.call(anyRunning().port(), "CLUSTER", "KEYSLOT", key);
        RedisNodeProcess[] owner = new RedisNodeProcess[1];
        Poll.until(Duration.ofSeconds(30), () -> "a live master serving slot " + slot + " of key " + key, () -> {
            for (RedisServerProcess node : dataNodes.values()) {
                if (node.running() && ClusterView.of(node.port()).selfServes((int) slot)) {
                    owner[0] = node.handle();
                    return true;
                }
            }
            return false;
        });
        return owner[0];
    }

    @Override
    void restart(RedisServerProcess node) {
        // A killed master must not come back before a replica took over its slots: it would return
        // empty (no persistence) and its replica would copy the empty data set.
        Poll.until(Duration.ofSeconds(60), () -> "the slots of port " + node.port() + " to be served by another master",
                () -> ClusterView.of(anyRunning().port()).slotsServedByLiveMasters(runningPorts()) == SLOTS);
        node.start();
    }

    @Override
    void awaitHealthy(Duration max) {
        String[] last = {""};
        Poll.until(max, () -> "a healthy cluster (cluster_state:ok everywhere, every slot on a live master with an"
                + " online replica); last: " + last[0], () -> {
                    List<Integer> running = runningPorts();
                    for (int port : running) {
                        String info = Resp.text(port, "CLUSTER", "INFO");
                        if (!info.contains("cluster_state:ok")) {
                            last[0] = port + " not ok";
                            return false;
                        }
                        ClusterView view = ClusterView.of(port);
                        if (view.slotsServedByLiveMasters(running) != SLOTS) {
                            last[0] = port + " sees slots without a live master: " + view;
                            return false;
                        }
                        for (int master : view.liveMasterPorts()) {
                            if (Replication.onlineReplicas(master) < 1) {
                                last[0] = "master " + master + " has no online replica";
                                return false;
                            }
                        }
                    }
                    return true;
                });
    }

    @Override
    Path shippedYaml() {
        return Path.of("server-config", "redis", "redisson-cluster.yaml");
    }

    @Override
    List<String> yamlAddresses() {
        List<String> addresses = new ArrayList<>();
        for (int port : dataNodes.keySet()) {
            addresses.add("redis://127.0.0.1:" + port);
        }
        return addresses;
    }

    Path root() {
        return root;
    }

    private List<Integer> runningPorts() {
        return dataNodes.values().stream().filter(RedisServerProcess::running).map(RedisServerProcess::port).toList();
    }

    private RedisServerProcess anyRunning() {
        return dataNodes.values().stream().filter(RedisServerProcess::running).findFirst()
                .orElseThrow(() -> new IllegalStateException("No cluster node is running"));
    }
}
