package dev.kickout.it.support;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
     * Opens a window over the single test Redis, on one connection of its own (so that neither its
     * opening nor its closing falls inside): {@link Window#roundTrips()} is the socket reads Redis did for
     * its clients since (a pipelined batch counts once), {@link Window#commands()} the commands it ran.
     */
    public static Window window() {
        return new Window(new Resp.Connection(TestRedis.port()));
    }

    /** See {@link #window()}; close it when done. */
    public static final class Window implements AutoCloseable {

        private final Resp.Connection connection;
        private final Map<String, Long> calls;
        private final long start;
        /** This window's own INFO calls since {@link #start}, each one read. */
        private long own;

        private Window(Resp.Connection connection) {
            this.connection = connection;
            this.calls = commandStats(connection);
            this.start = reads(connection);
        }

        /** Round trips since the window opened, its own INFO calls left out. */
        public long roundTrips() {
            own++;
            return reads(connection) - start - own;
        }

        /** Commands run since the window opened (lower case, e.g. {@code evalsha}), its own INFO calls left out. */
        public Map<String, Long> commands() {
            own++;
            Map<String, Long> since = new TreeMap<>();
            commandStats(connection).forEach((name, count) -> {
                long delta = count - calls.getOrDefault(name, 0L) - ("info".equals(name) ? own + 1 : 0);
                if (delta > 0) {
                    since.put(name, delta);
                }
            });
            return since;
        }

        /** Runs a command of the window's own (e.g. {@code KEYS} to see whether something is done), left out of the counts. */
        public Object call(String... command) {
            own++;
            return connection.call(command);
        }

        @Override
        public void close() {
            connection.close();
        }
    }

    private static long reads(Resp.Connection connection) {
        return String.valueOf(connection.call("INFO", "stats")).lines().filter(line -> line.startsWith("total_reads_processed:"))
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no total_reads_processed in INFO stats"));
    }

    private static Map<String, Long> commandStats(Resp.Connection connection) {
        Map<String, Long> calls = new HashMap<>();
        parse(String.valueOf(connection.call("INFO", "commandstats")), calls);
        return calls;
    }

    private static void parse(String commandStats, Map<String, Long> calls) {
        commandStats.lines().filter(line -> line.startsWith("cmdstat_"))
                .forEach(line -> calls.merge(line.substring("cmdstat_".length(), line.indexOf(':')),
                        Long.parseLong(line.replaceAll(".*?calls=(\\d+).*", "$1")), Long::sum));
    }

    /** Calls per command name in lower case, e.g. {@code hget}, {@code evalsha}. */
    public static Map<String, Long> calls() {
        List<Integer> ports = RedisTopology.current() == RedisTopology.SINGLE
                ? List.of(TestRedis.port())
                : Topology.dataNodes().stream().map(RedisNodeProcess::port).toList();
        Map<String, Long> calls = new HashMap<>();
        for (int port : ports) {
            parse(Resp.text(port, "INFO", "commandstats"), calls);
        }
        return calls;
    }
}
