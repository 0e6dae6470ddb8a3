package dev.kickout.it.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Sentinel setup on 127.0.0.1: master (port base) with 2 replicas (base+1, base+2) and 3 sentinels
 * (base+3 .. base+5) monitoring it as {@value #MASTER_NAME} with quorum 2. A short
 * {@code down-after-milliseconds} makes a failover take a few seconds.
 */
final class LocalSentinel extends LocalTopology {

    static final String MASTER_NAME = "kickout";
    static final int DOWN_AFTER_MS = 1_000;
    static final int FAILOVER_TIMEOUT_MS = 5_000;
    private static final Duration FORM_TIMEOUT = Duration.ofSeconds(60);

    private final int base;

    LocalSentinel(int base, Path root) {
        this.base = base;
        for (int port = base; port < base + 3; port++) {
            dataNodes.put(port, new RedisServerProcess(port, root.resolve(String.valueOf(port)), false));
        }
        for (int port = base + 3; port < base + 6; port++) {
            sentinels.put(port, new RedisServerProcess(port, root.resolve(String.valueOf(port)), true));
        }
    }

    @Override
    void start() {
        for (RedisServerProcess node : dataNodes.values()) {
            boolean master = node.port() == base;
            node.prepare(dataNodeConfig(node.port()) + (master ? "" : "replicaof 127.0.0.1 " + base + "\n"));
            node.start();
        }
        for (RedisServerProcess sentinel : sentinels.values()) {
            sentinel.prepare("""
                    port %d
                    bind 127.0.0.1
                    sentinel resolve-hostnames no
                    sentinel monitor %s 127.0.0.1 %d 2
                    sentinel down-after-milliseconds %s %d
                    sentinel failover-timeout %s %d
                    sentinel parallel-syncs %s 1
                    """.formatted(sentinel.port(), MASTER_NAME, base, MASTER_NAME, DOWN_AFTER_MS,
                    MASTER_NAME, FAILOVER_TIMEOUT_MS, MASTER_NAME));
            sentinel.start();
        }
        awaitHealthy(FORM_TIMEOUT);
    }

    @Override
    RedisNodeProcess masterOf(String key) {
        RedisNodeProcess[] master = new RedisNodeProcess[1];
        Poll.until(Duration.ofSeconds(30), () -> "the sentinels to agree on a running master", () -> {
            Integer port = agreedMaster();
            if (port == null || !dataNodes.get(port).running()) {
                return false;
            }
            master[0] = dataNodes.get(port).handle();
            return true;
        });
        return master[0];
    }

    @Override
    void restart(RedisServerProcess node) {
        // A killed master must not come back before a replica took over: it would return empty (no
        // persistence) and the replicas would copy the empty data set.
        int[] master = new int[1];
        Poll.until(Duration.ofSeconds(60), () -> "the sentinels to promote another node than " + node.port(), () -> {
            Integer port = agreedMaster();
            if (port == null || port == node.port() || !dataNodes.get(port).running()) {
                return false;
            }
            master[0] = port;
            return true;
        });
        node.start("--replicaof", "127.0.0.1", String.valueOf(master[0]));
    }

    @Override
    void awaitHealthy(Duration max) {
        String[] last = {""};
        Poll.until(max, () -> "the sentinels to agree on a live master with an online replica and to see every running"
                + " node; last: " + last[0], () -> {
                    Integer master = agreedMaster();
                    if (master == null || !dataNodes.get(master).running() || !Replication.isMaster(master)
                            || Replication.onlineReplicas(master) < 1) {
                        last[0] = "master " + master;
                        return false;
                    }
                    long otherSentinels = sentinels.values().stream().filter(RedisServerProcess::running).count() - 1;
                    Set<Integer> replicas = new HashSet<>();
                    for (RedisServerProcess node : dataNodes.values()) {
                        if (node.running() && node.port() != master) {
                            replicas.add(node.port());
                        }
                    }
                    for (RedisServerProcess sentinel : sentinels.values()) {
                        if (!sentinel.running()) {
                            continue;
                        }
                        Map<String, String> state = pairs(Resp.call(sentinel.port(), "SENTINEL", "MASTER", MASTER_NAME));
                        if (!"master".equals(state.get("flags"))
                                || Long.parseLong(state.get("num-other-sentinels")) < otherSentinels) {
                            last[0] = sentinel.port() + " sees " + state;
                            return false;
                        }
                        Set<Integer> healthyReplicas = new HashSet<>();
                        for (Object replica : (List<?>) Resp.call(sentinel.port(), "SENTINEL", "REPLICAS", MASTER_NAME)) {
                            Map<String, String> r = pairs(replica);
                            if ("slave".equals(r.get("flags")) && "ok".equals(r.get("master-link-status"))) {
                                healthyReplicas.add(Integer.parseInt(r.get("port")));
                            }
                        }
                        if (!healthyReplicas.containsAll(replicas)) {
                            last[0] = sentinel.port() + " sees healthy replicas " + healthyReplicas + ", running " + replicas;
                            return false;
                        }
                    }
                    return true;
                });
    }

    @Override
    Path shippedYaml() {
        return Path.of("server-config", "redis", "redisson-sentinel.yaml");
    }

    @Override
    List<String> yamlAddresses() {
        List<String> addresses = new ArrayList<>();
        for (int port : sentinels.keySet()) {
            addresses.add("redis://127.0.0.1:" + port);
        }
        return addresses;
    }

    /** The master port all running sentinels name, or null while they disagree. */
    private Integer agreedMaster() {
        Set<Integer> named = new HashSet<>();
        for (RedisServerProcess sentinel : sentinels.values()) {
            if (sentinel.running()) {
                List<?> address = (List<?>) Resp.call(sentinel.port(), "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME);
                named.add(Integer.parseInt((String) address.get(1)));
            }
        }
        return named.size() == 1 ? named.iterator().next() : null;
    }

    private static Map<String, String> pairs(Object reply) {
        List<?> items = (List<?>) reply;
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i + 1 < items.size(); i += 2) {
            map.put(String.valueOf(items.get(i)), String.valueOf(items.get(i + 1)));
        }
        return map;
    }
}
