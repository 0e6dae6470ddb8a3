package dev.kickout.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The Redis counters Redisson does not reach, over a plain socket to 127.0.0.1: {@code CONFIG RESETSTAT},
 * {@code INFO commandstats} (every command, those run inside scripts included) and {@code MONITOR}, whose
 * lines tell a client's call ({@code [0 127.0.0.1:port]}) from a command inside a script ({@code [0 lua]}).
 */
final class RedisWire implements AutoCloseable {

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    RedisWire(int port) {
        try {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout(30_000);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = socket.getOutputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a command; returns a simple, integer or bulk reply as text. */
    String call(String... args) {
        try {
            StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
            for (String arg : args) {
                request.append('$').append(arg.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(arg).append("\r\n");
            }
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line = in.readLine();
            switch (line.charAt(0)) {
                case '+', ':' -> {
                    return line.substring(1);
                }
                case '$' -> {
                    int length = Integer.parseInt(line.substring(1));
                    char[] body = new char[length];
                    int read = 0;
                    while (read < length) {
                        read += in.read(body, read, length - read);
                    }
                    in.readLine();
                    return new String(body);
                }
                default -> throw new IllegalStateException("Redis answered " + line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code INFO commandstats} as command name to calls (scripts' commands included). */
    Map<String, Long> commandCalls() {
        Map<String, Long> calls = new TreeMap<>();
        for (String line : call("INFO", "commandstats").split("\r\n")) {
            if (line.startsWith("cmdstat_")) {
                String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                String count = line.substring(line.indexOf("calls=") + 6, line.indexOf(',', line.indexOf("calls=")));
                calls.put(name, Long.parseLong(count));
            }
        }
        return calls;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A MONITOR connection counting, until closed, clients' calls by command, EVALSHA calls by script SHA, and
     * the commands run in scripts.
     */
    static final class Monitor implements AutoCloseable {

        private final RedisWire wire;
        private final Thread reader;
        private final Map<String, LongAdder> clientCalls = new ConcurrentHashMap<>();
        private final LongAdder scriptCommands = new LongAdder();
        private final Map<String, LongAdder> bySha = new ConcurrentHashMap<>();

        Monitor(int port) {
            wire = new RedisWire(port);
            wire.call("MONITOR");
            try {
                wire.socket.setSoTimeout(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            reader = new Thread(this::read, "redis-monitor");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try {
                for (String line = wire.in.readLine(); line != null; line = wire.in.readLine()) {
                    int open = line.indexOf('[');
                    int close = line.indexOf(']', open);
                    if (open < 0 || close < 0) {
                        continue;
                    }
                    if (line.substring(open, close).endsWith(" lua")) {
                        scriptCommands.increment();
                    } else {
                        int quote = line.indexOf('"', close);
                        String name = line.substring(quote + 1, line.indexOf('"', quote + 1)).toLowerCase();
                        clientCalls.computeIfAbsent(name, n -> new LongAdder()).increment();
                        if (name.equals("evalsha")) {
                            int sha = line.indexOf('"', line.indexOf('"', quote + 1) + 1);
                            bySha.computeIfAbsent(line.substring(sha + 1, line.indexOf('"', sha + 1)),
                                    n -> new LongAdder()).increment();
                        } else if (name.equals("eval")) {
                            bySha.computeIfAbsent("EVAL " + evalKey(line, line.indexOf('"', quote + 1) + 1),
                                    n -> new LongAdder()).increment();
                        }
                    }
                }
            } catch (IOException closed) {
                // close() ends the connection: the count is complete
            }
        }

        /** Clients' calls by command name, as counted so far. */
        Map<String, Long> clientCalls() {
            Map<String, Long> calls = new HashMap<>();
            clientCalls.forEach((name, count) -> calls.put(name, count.sum()));
            return calls;
        }

        /**
         * What names an EVAL in a MONITOR line (the script's source is too long): its first key with digits, hash
         * tags' contents and long parts left out, e.g. {@code kickout:{}:lh:*}; {@code from} is where the quoted
         * source starts.
         */
        private static String evalKey(String line, int from) {
            int at = line.indexOf('"', from) + 1;
            while (at > 0 && at < line.length() && line.charAt(at) != '"') {
                at += line.charAt(at) == '\\' ? 2 : 1; // MONITOR escapes quotes inside the source
            }
            String[] rest = line.substring(Math.min(line.length(), at + 1)).trim().split("\"\\s+\"");
            String key = rest.length > 1 ? rest[1].replace("\"", "") : "(no key)";
            // hash tags' contents, ids and tokens (any part of 16 characters and more) vary from call to call
            return key.replaceAll("\\{[^}]*}", "{}").replaceAll("[^:]{16,}", "*").replaceAll("[0-9]+", "N");
        }

        /** EVALSHA calls by the script's SHA, and EVAL calls by {@code "EVAL " + evalKey}, as counted so far. */
        Map<String, Long> evalShaCalls() {
            Map<String, Long> calls = new HashMap<>();
            bySha.forEach((sha, count) -> calls.put(sha, count.sum()));
            return calls;
        }

        long scriptCommands() {
            return scriptCommands.sum();
        }

        @Override
        public void close() throws InterruptedException {
            wire.close();
            reader.join(10_000);
        }
    }
}
