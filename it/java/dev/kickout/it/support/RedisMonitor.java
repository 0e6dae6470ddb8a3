package dev.kickout.it.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What one Redis runs, line by line ({@code MONITOR}), for tests that must tell whose commands they are
 * (Redis's counters cannot: a background timer's scripts and a request's look the same there).
 * {@link #lines()} ends the watch with a marker command of its own, so it returns every command Redis ran
 * before it was called, without waiting for time to pass.
 * <pre>{@code
 * try (RedisMonitor monitor = RedisMonitor.watch(TestRedis.port())) {
 *     ... requests ...
 *     long scripts = monitor.lines().stream().filter(line -> line.contains("\"evalsha\"")).count();
 * }
 * }</pre>
 */
public final class RedisMonitor implements AutoCloseable {

    private static final int TIMEOUT_MS = 10_000;

    private final int port;
    private final Socket socket;
    private final BufferedReader in;

    private RedisMonitor(int port) throws IOException {
        this.port = port;
        this.socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
        socket.setSoTimeout(TIMEOUT_MS);
        OutputStream out = socket.getOutputStream();
        out.write("*1\r\n$7\r\nMONITOR\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        String ok = in.readLine();
        if (!"+OK".equals(ok)) {
            throw new IllegalStateException("MONITOR answered " + ok);
        }
    }

    /** Starts watching the Redis on 127.0.0.1:port. */
    public static RedisMonitor watch(int port) {
        try {
            return new RedisMonitor(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every command Redis ran since {@link #watch} (scripts' own commands with {@code [0 lua]}), and stops. */
    public List<String> lines() {
        String marker = "kickout-monitor-end-" + UUID.randomUUID();
        Resp.call(port, "ECHO", marker);
        List<String> lines = new ArrayList<>();
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.contains("\"" + marker + "\"")) {
                    return lines;
                }
                lines.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("MONITOR ended before its marker");
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
