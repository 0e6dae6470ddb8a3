package dev.kickout.it.support;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Puts the test Redis into the states in which it answers but refuses to serve, and back:
 * <pre>{@code
 * RedisStates.readOnly();      // REPLICAOF a dead port: writes get READONLY, reads work
 * RedisStates.masterDown();    // the same with replica-serve-stale-data no: everything gets MASTERDOWN
 * RedisStates.outOfMemory();   // maxmemory 1 byte, noeviction: writes get OOM
 * RedisStates.busy();          // a client runs an endless Lua script: everything else gets BUSY
 * RedisStates.loading(n);      // DEBUG RELOAD over n slow-loading keys: everything gets LOADING
 * RedisStates.serveNormally(); // undoes all of them (call it in @AfterEach / finally)
 * }</pre>
 * Commands go over plain RESP on a socket of their own ({@code REPLICAOF}, {@code DEBUG} and a
 * blocking script are nothing a pooled client should run). Each state method returns once Redis
 * answers in that state.
 */
public final class RedisStates {

    private static final String LOADING_KEYS = "kickout-it-loading";

    private static CompletableFuture<String> busyScript;
    private static CompletableFuture<String> reload;

    private RedisStates() {
    }

    /** Sends one command on a connection of its own and answers Redis's reply (an error as {@code -CODE ...}). */
    public static String command(String... args) {
        try (Socket socket = connect()) {
            return send(socket, args);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A replica of a master that is not there: writes refused with READONLY, stale reads served. */
    public static synchronized void readOnly() {
        expectOk(command("REPLICAOF", "127.0.0.1", String.valueOf(deadPort())));
        awaitReply(() -> command("SET", LOADING_KEYS + ":probe", "1"), "-READONLY");
    }

    /**
     * A master short of replicas ({@code min-replicas-to-write 1}, none attached), as an old master cut off from
     * its replicas: every write gets NOREPLICAS, reads and PUBLISH are served.
     */
    public static synchronized void shortOfReplicas() {
        expectOk(command("CONFIG", "SET", "min-replicas-to-write", "1"));
        awaitReply(() -> command("SET", LOADING_KEYS + ":probe", "1"), "-NOREPLICAS");
    }

    /** A replica that serves nothing while its master link is down: every command gets MASTERDOWN. */
    public static synchronized void masterDown() {
        expectOk(command("CONFIG", "SET", "replica-serve-stale-data", "no"));
        expectOk(command("REPLICAOF", "127.0.0.1", String.valueOf(deadPort())));
        awaitReply(() -> command("GET", LOADING_KEYS + ":probe"), "-MASTERDOWN");
    }

    /** At {@code maxmemory} (1 byte) with {@code noeviction}: every write that may grow memory gets OOM. */
    public static synchronized void outOfMemory() {
        expectOk(command("CONFIG", "SET", "maxmemory-policy", "noeviction"));
        expectOk(command("CONFIG", "SET", "maxmemory", "1"));
        awaitReply(() -> command("SET", LOADING_KEYS + ":probe", "1"), "-OOM");
    }

    /** A client runs an endless read-only script; after 50 ms every other command gets BUSY. */
    public static synchronized void busy() {
        expectOk(command("CONFIG", "SET", "busy-reply-threshold", "50"));
        busyScript = CompletableFuture.supplyAsync(() -> command("EVAL", "local n = 0 while true do n = n + 1 end", "0"));
        awaitReply(() -> command("PING"), "-BUSY");
    }

    /**
     * Redis reloads its data set ({@code DEBUG RELOAD}) with {@code keys} extra keys that each take
     * 500 µs to load ({@code key-load-delay}): for about {@code keys / 2000} seconds every command
     * gets LOADING. The data set, the app's keys included, is the same afterwards; the dump file
     * that {@code DEBUG RELOAD} writes is deleted by {@link #serveNormally()}.
     */
    public static synchronized void loading(int keys) {
        expectOk(command("DEBUG", "POPULATE", String.valueOf(keys), LOADING_KEYS));
        expectOk(command("CONFIG", "SET", "loading-process-events-interval-bytes", "1024"));
        expectOk(command("CONFIG", "SET", "key-load-delay", "500"));
        reload = CompletableFuture.supplyAsync(() -> command("DEBUG", "RELOAD"));
        awaitReply(() -> command("PING"), "-LOADING");
    }

    /** Undoes every state above (a no-op for those not in force) and waits until Redis serves writes again. */
    public static synchronized void serveNormally() {
        if (busyScript != null) {
            String killed = command("SCRIPT", "KILL");
            if (!killed.startsWith("+OK") && !killed.startsWith("-NOTBUSY")) {
                throw new IllegalStateException("SCRIPT KILL answered " + killed);
            }
            busyScript.orTimeout(30, TimeUnit.SECONDS).join();
            busyScript = null;
        }
        if (reload != null) {
            String reloaded = reload.orTimeout(120, TimeUnit.SECONDS).join();
            reload = null;
            expectOk(reloaded);
        }
        expectOk(command("REPLICAOF", "NO", "ONE"));
        expectOk(command("CONFIG", "SET", "replica-serve-stale-data", "yes"));
        expectOk(command("CONFIG", "SET", "min-replicas-to-write", "0"));
        expectOk(command("CONFIG", "SET", "maxmemory", "0"));
        expectOk(command("CONFIG", "SET", "busy-reply-threshold", "5000"));
        expectOk(command("CONFIG", "SET", "key-load-delay", "0"));
        awaitReply(() -> command("SET", LOADING_KEYS + ":probe", "1"), "+OK");
        // the extra keys and the reload's file go: a later restart must still start empty
        TestRedis.client().getKeys().deleteByPattern(LOADING_KEYS + ":*");
        try {
            Files.deleteIfExists(Path.of(lastLine(command("CONFIG", "GET", "dir")),
                    lastLine(command("CONFIG", "GET", "dbfilename"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of a {@code CONFIG GET} reply (name and value, one per line). */
    private static String lastLine(String reply) {
        return reply.substring(reply.lastIndexOf('\n') + 1);
    }

    private static void expectOk(String reply) {
        if (!reply.startsWith("+OK")) {
            throw new IllegalStateException("Redis answered " + reply);
        }
    }

    /** Polls (at most 30 s) until the reply starts with {@code expected}. */
    private static void awaitReply(Supplier<String> command, String expected) {
        Wait.until(Duration.ofSeconds(30), last -> "Redis to answer " + expected + "; it still answers " + last, command,
                reply -> reply.startsWith(expected));
    }

    /** A loopback port with nothing listening (just freed by the OS). */
    private static int deadPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), TestRedis.port());
        socket.setSoTimeout(180_000);
        return socket;
    }

    /** One RESP request and its reply: simple strings and errors as they are, bulk strings and arrays flattened by lines. */
    private static String send(Socket socket, String... args) throws IOException {
        StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
        for (String arg : args) {
            request.append('$').append(arg.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(arg).append("\r\n");
        }
        OutputStream out = socket.getOutputStream();
        out.write(request.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
        return read(new BufferedInputStream(socket.getInputStream()));
    }

    private static String read(InputStream in) throws IOException {
        String line = line(in);
        switch (line.charAt(0)) {
            case '$' -> {
                int length = Integer.parseInt(line.substring(1));
                if (length < 0) {
                    return "(nil)";
                }
                String bulk = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                line(in);
                return bulk;
            }
            case '*' -> {
                int count = Integer.parseInt(line.substring(1));
                StringBuilder items = new StringBuilder();
                for (int i = 0; i < count; i++) {
                    items.append(i == 0 ? "" : "\n").append(read(in));
                }
                return items.toString();
            }
            default -> {
                return line;
            }
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("Redis closed the connection after: " + line);
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
