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
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import redis.embedded.RedisServer;

/**
 * Runs the reference app locally: {@code ./mvnw -Prun package} builds the WAR, provisions WildFly
 * into {@code target/server} and then calls this class inside the Maven JVM (exec:java).
 * <p>
 * It starts a Redis on 127.0.0.1:6379 (unless {@code kickout.redis.address} /
 * {@code KICKOUT_REDIS_ADDRESS} names another one), lays out a fresh server base directory
 * {@code target/run-base} with {@code target/kickout.war} deployed, starts WildFly on 127.0.0.1:8080
 * (management 9990) and waits for Ctrl-C. A shutdown hook then kills WildFly and every process it
 * started, and stops Redis. WildFly's own log: {@code target/run-base/log/server.log}.
 */
public final class DevServer {

    private static final String HOST = "127.0.0.1";
    private static final int HTTP_PORT = 8080;
    private static final int MANAGEMENT_PORT = 9990;
    private static final int DEFAULT_REDIS_PORT = 6379;
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    private static final String APP_URL = "http://" + HOST + ":" + HTTP_PORT + "/kickout/";

    private final Path target;
    private volatile RedisServer redis;
    private volatile Process wildfly;
    private volatile boolean stopping;

    private DevServer(Path baseDir) {
        this.target = baseDir.resolve("target");
    }

    public static void main(String[] args) throws Exception {
        Path baseDir = Path.of(System.getProperty("kickout.dev.basedir", ".")).toAbsolutePath().normalize();
        DevServer dev = new DevServer(baseDir);
        Runtime.getRuntime().addShutdownHook(new Thread(dev::stop, "kickout-dev-server-stop"));
        try {
            dev.start();
        } catch (Exception | Error e) {
            dev.stop();
            throw e;
        }
        Process server = dev.wildfly;
        int exit = server == null ? 0 : server.waitFor();
        boolean stoppedByUs = dev.stopping;
        dev.stop();
        if (stoppedByUs) {
            return;
        }
        throw new IllegalStateException("WildFly exited by itself (code " + exit + "), see "
                + dev.runBase().resolve("log/server.log"));
    }

    private void start() throws Exception {
        Path server = target.resolve("server");
        Path war = target.resolve("kickout.war");
        require(Files.isExecutable(server.resolve("bin/standalone.sh")), "No WildFly in " + server
                + ": run ./mvnw -Prun package (it provisions the server)");
        require(Files.isRegularFile(war), "No " + war + ": run ./mvnw -Prun package");
        requireFree(HTTP_PORT, "HTTP");
        requireFree(MANAGEMENT_PORT, "WildFly management");

        String redisAddress = configuredRedisAddress();
        if (redisAddress == null) {
            requireFree(DEFAULT_REDIS_PORT, "Redis (or point kickout.redis.address / KICKOUT_REDIS_ADDRESS at your own Redis)");
            redis = RedisProcess.create(DEFAULT_REDIS_PORT);
            redis.start();
            redisAddress = "redis://" + HOST + ":" + DEFAULT_REDIS_PORT;
        }

        Path base = prepareBaseDir(server, war);
        Path console = base.resolve("log/console.log");
        List<String> command = new ArrayList<>(List.of(
                server.resolve("bin/standalone.sh").toString(),
                "--stability=community", // the micrometer Prometheus registry of metrics.cli is a community resource
                "-Djboss.server.base.dir=" + base,
                "-Djboss.bind.address=" + HOST,
                "-Djboss.bind.address.management=" + HOST,
                "-Dkickout.redis.address=" + redisAddress));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(target.toFile())
                .redirectErrorStream(true)
                .redirectOutput(console.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("JAVA_OPTS");
        wildfly = builder.start();

        awaitDeployed(base);
        System.out.println();
        System.out.println("Kickout is running at " + APP_URL + " (Redis at " + redisAddress + ", Ctrl-C to stop)");
        System.out.println("WildFly log: " + base.resolve("log/server.log"));
        System.out.println();
    }

    private static String configuredRedisAddress() {
        String address = System.getProperty("kickout.redis.address");
        if (address == null || address.isBlank()) {
            address = System.getenv("KICKOUT_REDIS_ADDRESS");
        }
        return address == null || address.isBlank() ? null : address.trim();
    }

    private Path runBase() {
        return target.resolve("run-base");
    }

    private Path prepareBaseDir(Path server, Path war) throws IOException {
        Path base = runBase();
        deleteRecursively(base);
        copyRecursively(server.resolve("standalone/configuration"), base.resolve("configuration"));
        // A test run that was killed can leave its deployment recorded in standalone.xml; the run
        // deploys kickout.war through the scanner only, so drop any recorded deployment.
        Path config = base.resolve("configuration/standalone.xml");
        Files.writeString(config, Files.readString(config).replaceAll("(?s)\\s*<deployments>.*?</deployments>", ""));
        Files.createDirectories(base.resolve("deployments"));
        Files.createDirectories(base.resolve("log"));
        Files.copy(war, base.resolve("deployments/kickout.war"));
        return base;
    }

    /** Waits for the deployment scanner's marker and then for the app to answer below 500. */
    private void awaitDeployed(Path base) throws Exception {
        Path deployments = base.resolve("deployments");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!wildfly.isAlive()) {
                throw startupFailure(base, "WildFly exited with code " + wildfly.exitValue());
            }
            Path failed = deployments.resolve("kickout.war.failed");
            if (Files.exists(failed)) {
                throw startupFailure(base, "Deployment failed: " + Files.readString(failed));
            }
            if (Files.exists(deployments.resolve("kickout.war.deployed")) && answers(http)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw startupFailure(base, APP_URL + " did not answer within " + STARTUP_TIMEOUT.toSeconds() + " s");
    }

    private static boolean answers(HttpClient http) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(APP_URL)).timeout(Duration.ofSeconds(5)).build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() < 500;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static IllegalStateException startupFailure(Path base, String reason) {
        Path log = base.resolve("log/server.log");
        if (!Files.exists(log)) {
            log = base.resolve("log/console.log");
        }
        System.err.println("---- last lines of " + log + " ----");
        System.err.println(tail(log, 60));
        System.err.println("----");
        return new IllegalStateException(reason + " (full log: " + log + ")");
    }

    private static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    /** Kills WildFly with everything it started (standalone.sh forks java), then stops Redis. Idempotent. */
    private synchronized void stop() {
        stopping = true;
        Process process = wildfly;
        if (process != null) {
            wildfly = null;
            List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
            tree.add(process.toHandle());
            tree.forEach(ProcessHandle::destroy);
            for (ProcessHandle handle : tree) {
                try {
                    handle.onExit().get(15, TimeUnit.SECONDS);
                } catch (Exception slow) {
                    handle.destroyForcibly();
                }
            }
        }
        RedisServer server = redis;
        if (server != null) {
            redis = null;
            server.stop();
        }
    }

    private static void requireFree(int port, String what) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
            socket.setReuseAddress(true);
        } catch (IOException e) {
            throw new IllegalStateException("Port " + HOST + ":" + port + " (" + what + ") is already in use");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static void copyRecursively(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path dest = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(source, dest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
