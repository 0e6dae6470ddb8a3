package dev.kickout.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A process's CPU time by thread, from Linux's {@code /proc/<pid>/task/<tid>/stat} and {@code comm} (a Java
 * thread's name, cut at 15 characters): which of the server's threads worked over a window, for a figure that
 * needs to say where the time went without a profiler's sampling gaps. Resolution: one clock tick (10 ms).
 */
final class ThreadCpu {

    /** Linux's USER_HZ, the unit of utime and stime in {@code stat}. */
    private static final double TICK_MILLIS = 10;

    private final Map<String, Long> ticks;
    private final Map<String, String> names;

    private ThreadCpu(Map<String, Long> ticks, Map<String, String> names) {
        this.ticks = ticks;
        this.names = names;
    }

    /** The process's threads' CPU time now; empty where {@code /proc} cannot be read (not Linux). */
    static ThreadCpu of(long pid) {
        Map<String, Long> ticks = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (Stream<Path> threads = Files.list(tasks)) {
            threads.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    // after the name's closing parenthesis: state is field 3, utime 14, stime 15
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.put(task.getFileName().toString(), Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                    names.put(task.getFileName().toString(), Files.readString(task.resolve("comm")).trim());
                } catch (NoSuchFileException gone) {
                    // the thread ended meanwhile
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (NoSuchFileException notLinux) {
            return new ThreadCpu(Map.of(), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ThreadCpu(ticks, names);
    }

    /**
     * CPU milliseconds since {@code before}, by thread pool (the name with its digits as {@code N}, e.g.
     * {@code default I/O-N}), the busiest first.
     */
    Map<String, Double> since(ThreadCpu before) {
        Map<String, Double> byPool = new HashMap<>();
        ticks.forEach((tid, now) -> {
            long used = now - before.ticks.getOrDefault(tid, 0L);
            if (used > 0) {
                byPool.merge(names.get(tid).replaceAll("[0-9]+", "N"), used * TICK_MILLIS, Double::sum);
            }
        });
        Map<String, Double> sorted = new LinkedHashMap<>();
        byPool.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(entry -> sorted.put(entry.getKey(), entry.getValue()));
        return sorted;
    }

    /** The busiest {@code top} pools since {@code before} and the process's total, e.g. "240 ms: redisson-N-N 180, ...". */
    String describeSince(ThreadCpu before, int top) {
        Map<String, Double> byPool = since(before);
        double total = byPool.values().stream().mapToDouble(Double::doubleValue).sum();
        StringBuilder text = new StringBuilder(String.format("%.0f ms", total));
        String separator = ": ";
        for (Map.Entry<String, Double> pool : byPool.entrySet()) {
            if (top-- == 0) {
                break;
            }
            text.append(separator).append(String.format("%s %.0f", pool.getKey(), pool.getValue()));
            separator = ", ";
        }
        return text.toString();
    }
}
