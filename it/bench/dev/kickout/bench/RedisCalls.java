package dev.kickout.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Counts what Redis ran between {@link #start()} and {@link #stop()}, from Redis's own counters:
 * {@code CONFIG RESETSTAT} at the start, {@code INFO stats commandstats} at the end (every command,
 * those run inside Lua scripts included; {@code total_reads_processed}: socket reads, so a pipelined
 * batch counts once; {@code total_net_input_bytes}: what clients sent). Commandstats does not say which calls came from a script, so a
 * {@code MONITOR} connection counts those apart (Redis shows them as sent by {@code lua}).
 * <p>
 * The counter's own commands go on one control connection, each end as one MULTI/EXEC written in
 * one piece: {@code MULTI CONFIG RESETSTAT ECHO <start> EXEC} and {@code MULTI ECHO <end> INFO EXEC}.
 * Redis runs a transaction without interleaving, so the two ECHOs mark the window exactly in the
 * MONITOR stream, and what these transactions add to the counters ({@link #OWN}, one read) is
 * subtracted (the start's are counted before the reset). Not thread-safe; one window at a time.
 * Loopback only.
 */
final class RedisCalls implements AutoCloseable {

    /** What the two transactions leave in commandstats: RESETSTAT, both ECHOs, the end's MULTI, the start's EXEC. */
    private static final Map<String, Long> OWN = Map.of("config|resetstat", 1L, "echo", 2L, "multi", 1L, "exec", 1L);
    private static final int TIMEOUT_MS = 10_000;
    /** {@code *1\r\n$4\r\nPING\r\n}, as Redisson sends it. */
    private static final long PING_BYTES = 14;

    /** What Redis ran in one window (or the sum of several). */
    record Count(int windows, long reads, long inputBytes, long commands, long inScripts, long monitored,
            Map<String, Long> byCommand, Map<String, Long> bySha) {

        static final Count NONE = new Count(0, 0, 0, 0, 0, 0, Map.of(), Map.of());

        /** Client EVALSHA calls of the script with this SHA-1. */
        long calls(String sha) {
            return bySha.getOrDefault(sha, 0L);
        }

        /** Commands sent by clients (each EVALSHA counts once; its script's commands are in {@link #inScripts}). */
        long clientCommands() {
            return commands - inScripts;
        }

        Count plus(Count other) {
            Map<String, Long> sum = new HashMap<>(byCommand);
            other.byCommand.forEach((name, calls) -> sum.merge(name, calls, Long::sum));
            Map<String, Long> shas = new HashMap<>(bySha);
            other.bySha.forEach((sha, calls) -> shas.merge(sha, calls, Long::sum));
            return new Count(windows + other.windows, reads + other.reads, inputBytes + other.inputBytes,
                    commands + other.commands, inScripts + other.inScripts, monitored + other.monitored, sum, shas);
        }

        /** This count without one command (e.g. Redisson's PINGs, which keep idle connections alive). */
        Count without(String command) {
            Map<String, Long> rest = new HashMap<>(byCommand);
            long calls = rest.getOrDefault(command, 0L);
            rest.remove(command);
            // a PING is a client command, sent alone (one read of 14 bytes each) and seen by MONITOR
            long bytes = command.equals("ping") ? PING_BYTES * calls : 0;
            return new Count(windows, reads - calls, inputBytes - bytes, commands - calls, inScripts, monitored - calls, rest, bySha);
        }

        /** e.g. {@code "hget 2, evalsha 1, zadd 0.50"}: the most frequent commands, per {@code divisor}. */
        String top(int n, double divisor) {
            List<Map.Entry<String, Long>> sorted = new ArrayList<>(byCommand.entrySet());
            sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
            StringBuilder text = new StringBuilder();
            for (Map.Entry<String, Long> entry : sorted.subList(0, Math.min(n, sorted.size()))) {
                text.append(text.length() == 0 ? "" : ", ").append(entry.getKey()).append(' ')
                        .append(format(entry.getValue() / divisor));
            }
            return text.length() == 0 ? "none" : text.toString();
        }
    }

    private final Socket control;
    private final InputStream controlIn;
    private final Socket monitor;
    private final String controlSource;
    private final Thread reader;
    private final Object lock = new Object();
    private long windowNumber;
    private boolean counting;
    private long clientLines;
    private long scriptLines;
    private long lastSeenNanos = System.nanoTime();
    private CompletableFuture<long[]> windowEnd;
    /** Client EVALSHA calls of the current window by SHA-1 (read once the window ended). */
    private final Map<String, Long> windowShas = new HashMap<>();
    /** With KICKOUT_BENCH_TRACE set, each window's client commands are printed at its end (to see what an operation sends). */
    private final List<String> trace = System.getenv("KICKOUT_BENCH_TRACE") == null ? null : new ArrayList<>();

    RedisCalls(int port) {
        try {
            control = connect(port);
            monitor = connect(port);
            controlIn = new BufferedInputStream(control.getInputStream());
            controlSource = "127.0.0.1:" + control.getLocalPort();
            monitor.getOutputStream().write(command("MONITOR"));
            InputStream in = new BufferedInputStream(monitor.getInputStream());
            if (!"+OK".equals(line(in))) {
                throw new IllegalStateException("MONITOR refused on 127.0.0.1:" + port);
            }
            monitor.setSoTimeout(0);
            reader = new Thread(() -> read(in), "redis-monitor");
            reader.setDaemon(true);
            reader.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resets Redis's counters and starts counting. */
    void start() {
        synchronized (lock) {
            windowNumber++;
            windowEnd = new CompletableFuture<>();
        }
        Object reply = transaction(List.of(List.of("CONFIG", "RESETSTAT"), List.of("ECHO", marker("start"))));
        if (!(reply instanceof List<?> answers) || answers.size() != 2 || !"OK".equals(answers.get(0))) {
            throw new IllegalStateException("CONFIG RESETSTAT failed: " + reply);
        }
    }

    /** Waits until Redis saw nothing from others for {@code quietMillis} (at most 20 s), then ends the window. */
    Count stop(long quietMillis) {
        awaitQuiet(quietMillis);
        List<List<String>> end = List.of(List.of("ECHO", marker("end")), List.of("INFO", "stats", "commandstats"));
        long endBytes = transactionBytes(end).length;
        Object reply = transaction(end);
        if (!(reply instanceof List<?> answers) || answers.size() != 2) {
            throw new IllegalStateException("INFO failed: " + reply);
        }
        long[] monitored;
        try {
            monitored = windowEnd.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("MONITOR did not show the end of window " + windowNumber, e);
        }
        return count(String.valueOf(answers.get(1)), endBytes, monitored[0], monitored[1], Map.copyOf(windowShas));
    }

    /** Polls until {@code condition} holds, at most {@code seconds}; fails otherwise. */
    static void await(String what, int seconds, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            try {
                Thread.sleep(10); // polling a condition, with a deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    static String format(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format("%.2f", value);
    }

    @Override
    public void close() {
        try {
            monitor.close();
            control.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitQuiet(long quietMillis) {
        await("Redis quiet for " + quietMillis + " ms", 20, () -> {
            synchronized (lock) {
                return System.nanoTime() - lastSeenNanos >= TimeUnit.MILLISECONDS.toNanos(quietMillis);
            }
        });
    }

    private Count count(String info, long ownBytes, long clientCommands, long inScripts, Map<String, Long> bySha) {
        Map<String, Long> byCommand = new HashMap<>();
        long reads = -1;
        long bytes = -1;
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("cmdstat_")) {
                String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                long calls = Long.parseLong(line.replaceAll(".*?calls=(\\d+).*", "$1"))
                        - OWN.getOrDefault(name, 0L);
                if (calls < 0) {
                    throw new IllegalStateException("fewer " + name + " calls than the counter's own: " + line);
                }
                if (calls > 0) {
                    byCommand.put(name, calls);
                }
            } else if (line.startsWith("total_reads_processed:")) {
                reads = Long.parseLong(line.substring(line.indexOf(':') + 1).trim()) - 1; // the end transaction's read
            } else if (line.startsWith("total_net_input_bytes:")) {
                bytes = Long.parseLong(line.substring(line.indexOf(':') + 1).trim()) - ownBytes;
            }
        }
        if (reads < 0 || bytes < 0) {
            throw new IllegalStateException("no total_reads_processed or total_net_input_bytes in INFO stats");
        }
        long commands = byCommand.values().stream().mapToLong(Long::longValue).sum();
        return new Count(1, reads, bytes, commands, inScripts, clientCommands + inScripts, byCommand, bySha);
    }

    private String marker(String end) {
        return "kickout-bench-" + end + "-" + windowNumber;
    }

    /** The MONITOR stream: {@code +<time> [<db> <source>] "<command>" "<arg>" ...}, one line per command. */
    private void read(InputStream in) {
        try {
            for (String line = line(in); line != null; line = line(in)) {
                int open = line.indexOf('[');
                int close = line.indexOf(']', open);
                if (open < 0 || close < 0) {
                    continue;
                }
                String source = line.substring(line.indexOf(' ', open) + 1, close);
                synchronized (lock) {
                    if (source.equals(controlSource)) {
                        marked(line);
                    } else {
                        lastSeenNanos = System.nanoTime();
                        if (counting && source.equals("lua")) {
                            scriptLines++;
                        } else if (counting) {
                            clientLines++;
                            int sha = line.indexOf("\"EVALSHA\" \"", close);
                            if (sha > 0) {
                                windowShas.merge(line.substring(sha + 11, sha + 51).toLowerCase(), 1L, Long::sum);
                            }
                            if (trace != null) {
                                trace.add(source + " " + traced(line.substring(close + 2)));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            // closed by close()
        }
    }

    /** A MONITOR command for the trace: an EVAL's script text left out, at most 300 characters. */
    private static String traced(String command) {
        if (command.startsWith("\"EVAL\" \"")) {
            int end = 8;
            while (end < command.length() && (command.charAt(end) != '"' || command.charAt(end - 1) == '\\')) {
                end++;
            }
            command = "\"EVAL\" <script>" + command.substring(Math.min(command.length(), end + 1));
        }
        return command.substring(0, Math.min(command.length(), 300));
    }

    /** Caller holds {@link #lock}. */
    private void marked(String line) {
        if (line.contains("\"" + marker("start") + "\"")) {
            counting = true;
            windowShas.clear();
            if (trace != null) {
                trace.clear();
            }
            clientLines = 0;
            scriptLines = 0;
        } else if (line.contains("\"" + marker("end") + "\"")) {
            counting = false;
            if (trace != null) {
                trace.forEach(command -> System.out.println("[trace] " + command));
                System.out.println("[trace] ---");
            }
            windowEnd.complete(new long[] {clientLines, scriptLines});
        }
    }

    private static byte[] transactionBytes(List<List<String>> commands) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(command("MULTI"));
        for (List<String> command : commands) {
            bytes.writeBytes(command(command.toArray(String[]::new)));
        }
        bytes.writeBytes(command("EXEC"));
        return bytes.toByteArray();
    }

    private Object transaction(List<List<String>> commands) {
        try {
            OutputStream out = control.getOutputStream();
            out.write(transactionBytes(commands)); // one write: one read on the Redis side
            out.flush();
            for (int i = 0; i <= commands.size(); i++) {
                Object queued = reply(controlIn); // +OK for MULTI, +QUEUED for each command
                if (!"OK".equals(queued) && !"QUEUED".equals(queued)) {
                    throw new IllegalStateException("Redis refused " + commands + ": " + queued);
                }
            }
            return reply(controlIn);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
        socket.setSoTimeout(TIMEOUT_MS);
        return socket;
    }

    private static byte[] command(String... parts) {
        StringBuilder text = new StringBuilder("*").append(parts.length).append("\r\n");
        for (String part : parts) {
            text.append('$').append(part.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(part).append("\r\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One RESP2 reply: a status or error as text, an integer, a bulk string, or a list. */
    private static Object reply(InputStream in) throws IOException {
        String line = line(in);
        if (line == null || line.isEmpty()) {
            throw new IOException("connection closed before a reply");
        }
        String rest = line.substring(1);
        switch (line.charAt(0)) {
            case '+', '-':
                return rest;
            case ':':
                return Long.parseLong(rest);
            case '$': {
                int length = Integer.parseInt(rest);
                if (length < 0) {
                    return null;
                }
                byte[] data = in.readNBytes(length + 2);
                return new String(data, 0, length, StandardCharsets.UTF_8);
            }
            case '*': {
                List<Object> items = new ArrayList<>();
                for (int i = Integer.parseInt(rest); i > 0; i--) {
                    items.add(reply(in));
                }
                return items;
            }
            default:
                throw new IOException("unexpected reply " + line);
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.UTF_8);
            }
            line.write(b);
        }
        return null;
    }
}
