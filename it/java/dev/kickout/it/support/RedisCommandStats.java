package dev.kickout.it.support;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How often Redis ran each command ({@code INFO commandstats}), summed over every data node of the
 * test Redis: the one Redis of a single run, every master and replica of a cluster or Sentinel run.
 * Commands inside scripts count; a replica counts only what it applied as a replica (writes).
 * <pre>{@code
 * Map<String, Long> before = RedisCommandStats.calls();
 * ...
 * long reads = RedisCommandStats.calls().get("hget") - before.getOrDefault("hget", 0L);
 * }</pre>
 */
public final class RedisCommandStats {

    private RedisCommandStats() {
    }

    /**
     * Socket reads the single test Redis has done ({@code INFO stats total_reads_processed}): a client's
     * pipelined batch counts once, so the difference around a request is the round trips it cost (this
     * read's own INFO included, and one more for the second reading's).
     */
    public static long reads() {
        return Resp.text(TestRedis.port(), "INFO", "stats").lines().filter(line -> line.startsWith("total_reads_processed:"))
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no total_reads_processed in INFO stats"));
    }

    /** Calls per command name in lower case, e.g. {@code hget}, {@code evalsha}. */
    public static Map<String, Long> calls() {
        List<Integer> ports = RedisTopology.current() == RedisTopology.SINGLE
                ? List.of(TestRedis.port())
                : Topology.dataNodes().stream().map(RedisNodeProcess::port).toList();
        Map<String, Long> calls = new HashMap<>();
        for (int port : ports) {
            Resp.text(port, "INFO", "commandstats").lines().filter(line -> line.startsWith("cmdstat_"))
                    .forEach(line -> calls.merge(line.substring("cmdstat_".length(), line.indexOf(':')),
                            Long.parseLong(line.replaceAll(".*?calls=(\\d+).*", "$1")), Long::sum));
        }
        return calls;
    }
}
