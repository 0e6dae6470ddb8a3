package dev.kickout.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real nginx (Debian's {@code nginx-light}) balancing round-robin over two instances, on 127.0.0.1 only.
 * <p>
 * The config comes from the template {@code it/resources/nginx/nginx.conf.template} (ports and the event
 * stream's read timeout filled in) and is written to {@code target/nginx-<name>/}, which is also nginx's
 * prefix directory: pid file, {@code logs/access.log} (with each request's upstream address),
 * {@code logs/error.log} and temp files all stay there. nginx runs in the foreground as the current user:
 * <pre>{@code
 * try (NginxProcess nginx = NginxProcess.start("proxy", Duration.ofSeconds(4), 11580, 11680)) {
 *     URI app = nginx.uri().resolve("/kickout/");
 *     ...
 * }
 * }</pre>
 * Test classes that need it add {@code @ExtendWith(NginxProcess.Installed.class)}: skipped when
 * {@value #BINARY} is missing, failed instead when {@code -Dkickout.ui.required=true} (as the browser tests).
 */
public final class NginxProcess implements AutoCloseable {

    public static final String BINARY = "/usr/sbin/nginx";
    private static final String TEMPLATE = "/nginx/nginx.conf.template";
    private static final int FIRST_PORT = 11700;
    private static final int LAST_PORT = 11799;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern UPSTREAM = Pattern.compile("upstream=(\\S+)");

    private final Path dir;
    private final int port;
    private final Process process;
    private final Thread shutdownHook;

    private NginxProcess(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
        this.shutdownHook = new Thread(this::stop, "nginx-stop-" + dir.getFileName());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Writes the config into {@code target/nginx-<name>/} and starts nginx on the first free port from
     * 11700 up; returns once it accepts connections.
     *
     * @param eventsReadTimeout nginx's {@code proxy_read_timeout} for event streams
     * @param backend1          HTTP port of the first instance on 127.0.0.1
     * @param backend2          HTTP port of the second one
     */
    public static NginxProcess start(String name, Duration eventsReadTimeout, int backend1, int backend2) {
        Path dir = Path.of("target", "nginx-" + name).toAbsolutePath();
        int port = freePort();
        try {
            Poll.deleteTree(dir);
            Files.createDirectories(dir.resolve("logs"));
            Files.writeString(dir.resolve("nginx.conf"), template()
                    .replace("@PORT@", String.valueOf(port))
                    .replace("@BACKEND_1@", String.valueOf(backend1))
                    .replace("@BACKEND_2@", String.valueOf(backend2))
                    .replace("@EVENTS_READ_TIMEOUT@", eventsReadTimeout.toMillis() + "ms"));
            Process process = new ProcessBuilder(BINARY, "-p", dir + "/", "-c", dir.resolve("nginx.conf").toString(),
                    "-g", "daemon off;")
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("logs/console.log").toFile())
                    .start();
            NginxProcess nginx = new NginxProcess(dir, port, process);
            nginx.awaitListening();
            return nginx;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start nginx in " + dir, e);
        }
    }

    /** The proxy's root, e.g. {@code http://127.0.0.1:11700/}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    public int port() {
        return port;
    }

    /** The upstream address ({@code 127.0.0.1:<port>}) of every request logged so far, in order. */
    public List<String> upstreams() {
        try {
            return Files.readAllLines(dir.resolve("logs/access.log")).stream().map(UPSTREAM::matcher)
                    .filter(Matcher::find).map(m -> m.group(1)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link #upstreams()} once at least {@code count} requests are logged (nginx writes a request's line
     * after its response has gone out, so a client can be a moment ahead of the log); 5 s at most.
     */
    public List<String> awaitUpstreams(int count) {
        Poll.until(Duration.ofSeconds(5), () -> count + " requests in " + dir.resolve("logs/access.log")
                + ", found " + upstreams().size(), () -> upstreams().size() >= count);
        return upstreams();
    }

    /** Stops nginx (SIGTERM: fast shutdown, SIGKILL if it takes longer than 10 s). Idempotent. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stop() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitListening() {
        try {
            Poll.until(START_TIMEOUT, () -> "nginx accepting connections on 127.0.0.1:" + port + " (see "
                    + dir.resolve("logs") + ")", () -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("nginx exited with code " + process.exitValue() + ": " + console());
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                    return true;
                } catch (IOException notYet) {
                    return false;
                }
            });
        } catch (RuntimeException | AssertionError e) {
            close();
            throw e;
        }
    }

    private String console() {
        try {
            return Files.readString(dir.resolve("logs/console.log")) + Files.readString(dir.resolve("logs/error.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static String template() throws IOException {
        try (InputStream in = NginxProcess.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("No " + TEMPLATE + " on the test classpath (it/resources)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static int freePort() {
        for (int port = FIRST_PORT; port <= LAST_PORT; port++) {
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
                return port;
            } catch (IOException taken) {
                // try the next one
            }
        }
        throw new IllegalStateException("No free port for nginx in 127.0.0.1:" + FIRST_PORT + "-" + LAST_PORT);
    }

    /** JUnit condition: runs a test class only where nginx is installed, unless it is required (then fails). */
    public static final class Installed implements ExecutionCondition {

        private static final String REQUIRED_PROPERTY = "kickout.ui.required";

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (Files.isExecutable(Path.of(BINARY))) {
                return ConditionEvaluationResult.enabled(BINARY + " is installed");
            }
            String missing = BINARY + " is needed (apt-get install -y nginx-light)";
            if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
                throw new IllegalStateException("Proxy tests are required (-D" + REQUIRED_PROPERTY + "=true): " + missing);
            }
            return ConditionEvaluationResult.disabled("Proxy tests skipped: " + missing);
        }
    }
}
