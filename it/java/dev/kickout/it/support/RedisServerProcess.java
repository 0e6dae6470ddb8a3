package dev.kickout.it.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import redis.embedded.RedisExecProvider;

/**
 * One {@code redis-server} of a {@link Topology}, run from the binary that {@code embedded-redis}
 * ships (extracted once per JVM) with a config file in its own directory, so a node can be killed
 * and started again with the same identity (cluster {@code nodes.conf}, rewritten sentinel config).
 * Its output goes to {@code redis.log} beside the config.
 */
final class RedisServerProcess {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static File binary;

    private final int port;
    private final Path dir;
    private final boolean sentinel;
    private Process process;

    RedisServerProcess(int port, Path dir, boolean sentinel) {
        this.port = port;
        this.dir = dir;
        this.sentinel = sentinel;
    }

    int port() {
        return port;
    }

    Path config() {
        return dir.resolve(sentinel ? "sentinel.conf" : "redis.conf");
    }

    /**
     * Writes the config file of a first start into a fresh directory. A redis-server that a killed
     * test JVM left behind on this directory (its pid file says so) is killed first.
     */
    void prepare(String configText) {
        try {
            killOrphan();
            Poll.deleteTree(dir);
            Files.createDirectories(dir);
            Files.writeString(config(), configText + "pidfile " + dir.resolve("redis.pid") + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the process (extra arguments override the config file) and waits until it answers PING. */
    synchronized void start(String... overrides) {
        if (running()) {
            throw new IllegalStateException("redis-server on port " + port + " is already running");
        }
        List<String> command = new ArrayList<>(List.of(binary().getAbsolutePath(), config().toString()));
        if (sentinel) {
            command.add("--sentinel");
        }
        command.addAll(List.of(overrides));
        try {
            process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + command, e);
        }
        Poll.until(START_TIMEOUT, () -> "redis-server on port " + port + " answering PING (see " + dir.resolve("redis.log") + ")",
                () -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException("redis-server on port " + port + " exited with "
                                + process.exitValue() + "; see " + dir.resolve("redis.log"));
                    }
                    return Resp.answers(port);
                });
    }

    synchronized boolean running() {
        return process != null && process.isAlive();
    }

    synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException("redis-server on port " + port + " was never started");
        }
        return process.pid();
    }

    synchronized RedisNodeProcess handle() {
        return new RedisNodeProcess(port, pid());
    }

    /** SIGKILL, as a crashed machine would; returns when the process is gone. */
    synchronized void kill() {
        if (running()) {
            process.destroyForcibly();
            awaitExit(Duration.ofSeconds(10));
        }
    }

    /** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
    synchronized void stop() {
        if (running()) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    private void awaitExit(Duration max) {
        try {
            if (!process.waitFor(max.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("redis-server " + process.pid() + " on port " + port + " did not exit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void killOrphan() throws IOException {
        Path pidFile = dir.resolve("redis.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        String configPath = config().toString();
        Optional<ProcessHandle> orphan = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim()))
                .filter(p -> p.info().commandLine().map(c -> c.contains("redis-server") && c.contains(configPath))
                        .orElse(false));
        orphan.ifPresent(p -> {
            p.destroyForcibly();
            p.onExit().orTimeout(10, TimeUnit.SECONDS).join();
        });
    }

    private static synchronized File binary() {
        if (binary == null) {
            try {
                binary = RedisExecProvider.defaultProvider().get();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot extract redis-server from embedded-redis", e);
            }
        }
        return binary;
    }
}
