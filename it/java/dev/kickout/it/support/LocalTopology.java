package dev.kickout.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisson.config.Config;

/**
 * What a {@link LocalCluster} and a {@link LocalSentinel} share: their processes by port, kill and
 * stop, and the application's Redisson YAML made from the shipped file in {@code server-config/redis/}
 * with only the addresses replaced, so the tested file is the shipped file.
 */
abstract class LocalTopology {

    /** The list items of the shipped YAML's address list, e.g. {@code     - "redis://127.0.0.1:7000"}. */
    private static final Pattern ADDRESS_ITEM = Pattern.compile("^(\\s*)- \"rediss?://[^\"]+\"\\s*(#.*)?$");

    final Map<Integer, RedisServerProcess> dataNodes = new LinkedHashMap<>();
    final Map<Integer, RedisServerProcess> sentinels = new LinkedHashMap<>();

    /** Starts every process and waits until the topology is formed and healthy. */
    abstract void start();

    abstract RedisNodeProcess masterOf(String key);

    abstract void restart(RedisServerProcess node);

    abstract void awaitHealthy(Duration max);

    /** The shipped YAML this topology's application config is made from, and the addresses it gets. */
    abstract Path shippedYaml();

    abstract List<String> yamlAddresses();

    List<RedisNodeProcess> dataNodeHandles() {
        return dataNodes.values().stream().filter(RedisServerProcess::running).map(RedisServerProcess::handle).toList();
    }

    RedisServerProcess dataNode(RedisNodeProcess node) {
        RedisServerProcess process = dataNodes.get(node.port());
        if (process == null) {
            throw new IllegalArgumentException("No data node of this topology on port " + node.port());
        }
        return process;
    }

    /** Running data nodes named as replicas in the master's {@code INFO replication} ({@code slaveN:ip=..,port=..}). */
    List<RedisNodeProcess> replicasOf(RedisNodeProcess master) {
        Pattern replica = Pattern.compile("^slave\\d+:.*\\bport=(\\d+).*$");
        return Resp.text(dataNode(master).handle().port(), "INFO", "replication").lines().map(replica::matcher)
                .filter(Matcher::matches).map(m -> dataNodes.get(Integer.parseInt(m.group(1))))
                .filter(p -> p != null && p.running()).map(RedisServerProcess::handle).toList();
    }

    void kill(RedisNodeProcess node) {
        dataNode(node).kill();
    }

    /** Stops every process, sentinels first (so they start no failover while the data nodes go). */
    void stop() {
        sentinels.values().forEach(RedisServerProcess::stop);
        dataNodes.values().forEach(RedisServerProcess::stop);
    }

    /** Last resort from a shutdown hook: no redis-server outlives the test JVM. */
    void killAll() {
        sentinels.values().forEach(RedisServerProcess::kill);
        dataNodes.values().forEach(RedisServerProcess::kill);
    }

    /** Writes the application's Redisson YAML, made from the shipped file under {@code basedir}, to {@code target}. */
    Path writeYaml(Path basedir, Path target) {
        Path shipped = basedir.resolve(shippedYaml());
        try {
            List<String> out = new ArrayList<>();
            boolean replaced = false;
            boolean inList = false;
            for (String line : Files.readAllLines(shipped)) {
                Matcher item = ADDRESS_ITEM.matcher(line);
                if (item.matches() && !replaced) {
                    if (!inList) {
                        inList = true;
                        for (String address : yamlAddresses()) {
                            out.add(item.group(1) + "- \"" + address + "\"");
                        }
                    }
                    continue;
                }
                replaced |= inList;
                out.add(line);
            }
            if (!inList) {
                throw new IllegalStateException(shipped + " has no address list of the form '- \"redis://host:port\"'");
            }
            Files.createDirectories(target.getParent());
            Files.write(target, out);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Redisson config of the generated YAML, for the tests' own client. */
    Config redissonConfig(Path yaml) {
        try {
            return Config.fromYAML(yaml.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String dataNodeConfig(int port) {
        return """
                port %d
                bind 127.0.0.1
                protected-mode yes
                save ""
                appendonly no
                enable-debug-command local
                repl-diskless-sync yes
                repl-diskless-sync-delay 0
                """.formatted(port);
    }
}
