package dev.kickout.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A WildFly instance that a test starts, kills and stops itself, beside Arquillian's "a" and "b" (which
 * other ITs need and must not be killed). It runs the provisioned {@code target/server} with its own base
 * directory {@code target/server-<name>} (a copy of the configuration, {@code target/kickout.war} in
 * {@code deployments/}, its own data and logs), a port offset, everything bound to 127.0.0.1, and the test
 * Redis ({@link TestRedis}):
 * <pre>{@code
 * WildFlyProcess one = WildFlyProcess.launch("proxy-1", 3500, Map.of("kickout.sse.keepalive", "PT1S"));
 * one.awaitDeployed();          // HTTP 11580, management 13490
 * one.kill();                   // kill -9 of the server JVM: no shutdown, sockets reset
 * one.close();                  // stops whatever is left
 * }</pre>
 * {@code standalone.sh} runs the server JVM as its child; {@link #kill()} signals that JVM, not the script.
 */
public final class WildFlyProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final int portOffset;
    private final Path base;
    private final String warName;
    private final Process script;
    private final Thread shutdownHook;

    private WildFlyProcess(String name, int portOffset, Path base, String warName, Process script) {
        this.name = name;
        this.portOffset = portOffset;
        this.base = base;
        this.warName = warName;
        this.script = script;
        this.shutdownHook = new Thread(this::stop, "wildfly-stop-" + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Lays out {@code target/server-<name>} afresh and starts the server; returns at once (see
     * {@link #awaitDeployed()}). {@code settings} become system properties of the server, so they override
     * the WAR's own {@code kickout.*} settings.
     */
    public static WildFlyProcess launch(String name, int portOffset, Map<String, String> settings) {
        return launch(name, portOffset, settings, Path.of("target", "kickout.war").toAbsolutePath());
    }

    /** As {@link #launch(String, int, Map)}, with another WAR: its file name gives its context root. */
    public static WildFlyProcess launch(String name, int portOffset, Map<String, String> settings, Path war) {
        Path target = Path.of("target").toAbsolutePath();
        Path server = target.resolve("server");
        if (!Files.isExecutable(server.resolve("bin/standalone.sh")) || !Files.isRegularFile(war)) {
            throw new IllegalStateException("Needs the provisioned " + server + " and " + war + " (mvn package)");
        }
        requireFree(8080 + portOffset, name + " HTTP");
        requireFree(9990 + portOffset, name + " management");
        Path base = target.resolve("server-" + name);
        List<String> command = new ArrayList<>(List.of(server.resolve("bin/standalone.sh").toString(),
                "--stability=community", // metrics.cli's Prometheus registry is a community resource
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + portOffset,
                "-Djboss.bind.address=127.0.0.1",
                "-Djboss.bind.address.management=127.0.0.1",
                // a cluster member's name, unique among the instances (JGroups, session routes)
                "-Djboss.node.name=" + name,
                "-Djava.net.preferIPv4Stack=true",
                "-Dkickout.redis.address=" + TestRedis.address()));
        settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
        try {
            prepareBase(server, war, base);
            ProcessBuilder builder = new ProcessBuilder(command).directory(target.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(base.resolve("log/console.log").toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            builder.environment().remove("JAVA_OPTS");
            builder.environment().remove("LAUNCH_JBOSS_IN_BACKGROUND");
            return new WildFlyProcess(name, portOffset, base, war.getFileName().toString(), builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start WildFly " + name, e);
        }
    }

    /** Waits (at most 180 s: two instances boot at once on a loaded 2-core machine) for the deployment scanner's marker and for the app to answer below 500. */
    public WildFlyProcess awaitDeployed() {
        Path deployments = base.resolve("deployments");
        Poll.until(START_TIMEOUT, () -> "WildFly " + name + " serving " + contextRoot() + " (see "
                + base.resolve("log/server.log") + ")", () -> {
            if (!script.isAlive()) {
                throw new IllegalStateException("WildFly " + name + " exited with code " + script.exitValue()
                        + " (see " + base.resolve("log/console.log") + ")");
            }
            if (Files.exists(deployments.resolve(warName + ".failed"))) {
                throw new IllegalStateException(warName + " failed to deploy on " + name + " (see "
                        + base.resolve("log/server.log") + ")");
            }
            return Files.exists(deployments.resolve(warName + ".deployed")) && answers(contextRoot());
        });
        return this;
    }

    public String name() {
        return name;
    }

    public int httpPort() {
        return 8080 + portOffset;
    }

    /** {@code http://127.0.0.1:<http port>/kickout/} for the reference WAR, else the WAR's own name. */
    public URI contextRoot() {
        return URI.create("http://127.0.0.1:" + httpPort() + "/" + warName.substring(0, warName.length() - ".war".length()) + "/");
    }

    /** The Prometheus text endpoint on the management port (metrics.cli). */
    public URI metrics() {
        return URI.create("http://127.0.0.1:" + (9990 + portOffset) + "/metrics");
    }

    /** The last {@code lines} lines of the instance's {@code server.log}, for a failing test's report. */
    public String logTail(int lines) {
        try (Stream<String> all = Files.lines(base.resolve("log/server.log"))) {
            List<String> kept = all.toList();
            return String.join("\n", kept.subList(Math.max(0, kept.size() - lines), kept.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no server.log: " + e + ")";
        }
    }

    /** Whether the server JVM runs. */
    public boolean isAlive() {
        return serverJvm().map(ProcessHandle::isAlive).orElse(false);
    }

    /** kill -9 of the server JVM (no shutdown: open connections are reset); returns once it is gone. */
    public void kill() {
        ProcessHandle jvm = serverJvm().orElseThrow(() -> new IllegalStateException("WildFly " + name + " has no JVM running"));
        jvm.destroyForcibly();
        try {
            jvm.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("WildFly " + name + " (pid " + jvm.pid() + ") still runs after SIGKILL", e);
        }
    }

    /** Stops the server (SIGTERM to the script and its JVM, SIGKILL after 30 s). Idempotent. */
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
        List<ProcessHandle> tree = new ArrayList<>(script.descendants().toList());
        tree.add(script.toHandle());
        tree.forEach(ProcessHandle::destroy);
        for (ProcessHandle process : tree) {
            try {
                process.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception slow) {
                process.destroyForcibly();
            }
        }
    }

    /** The java child of standalone.sh, the real server. */
    private Optional<ProcessHandle> serverJvm() {
        return script.children().filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).findFirst();
    }

    private static boolean answers(URI uri) {
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build();
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() < 500;
        } catch (IOException notYet) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void prepareBase(Path server, Path war, Path base) throws IOException {
        Poll.deleteTree(base);
        copyTree(server.resolve("standalone/configuration"), base.resolve("configuration"));
        // a killed run can leave a deployment recorded in standalone.xml; this one deploys through the scanner only
        Path config = base.resolve("configuration/standalone.xml");
        Files.writeString(config, Files.readString(config).replaceAll("(?s)\\s*<deployments>.*?</deployments>", ""));
        Files.createDirectories(base.resolve("deployments"));
        Files.createDirectories(base.resolve("log"));
        Files.copy(war, base.resolve("deployments").resolve(war.getFileName()));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path dest = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(source, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void requireFree(int port, String what) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
            socket.setReuseAddress(true);
        } catch (IOException e) {
            throw new IllegalStateException("Port 127.0.0.1:" + port + " (" + what + ") is already in use");
        }
    }
}
