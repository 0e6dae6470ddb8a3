package dev.kickout.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wrk load generator (Debian package {@code wrk}), run as a process against a loopback URL; its
 * totals come from the {@code done()} of {@code report.lua}, appended to every script.
 */
final class Wrk {

    static final String INSTALL = "apt-get install -y wrk";
    private static final Pattern RESULT = Pattern.compile("wrk-result requests=(\\d+) duration_us=(\\d+) connect=(\\d+) "
            + "read=(\\d+) write=(\\d+) status=(\\d+) timeout=(\\d+) failures=(\\d+)");
    private static final Path SCRIPTS = Path.of("target", "wrk");

    /** What wrk completed; {@code errors} sums its socket errors, non-2xx/3xx answers and a script's own failures. */
    record Result(long requests, double seconds, long errors) {

        double rate() {
            return requests / seconds;
        }
    }

    /** One load: threads x connections for some seconds on a URL, optional headers, an optional script. */
    record Load(int threads, int connections, int seconds, String url, List<String> headers, String script,
                List<String> scriptArgs) {

        static Load of(int threads, int connections, int seconds, String url, String... headers) {
            return new Load(threads, connections, seconds, url, List.of(headers), null, List.of());
        }
    }

    private Wrk() {
    }

    /** Fails with what to install when wrk is missing. */
    static void requireOnPath() {
        String path = Objects.requireNonNullElse(System.getenv("PATH"), "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "wrk"))) {
                return;
            }
        }
        throw new IllegalStateException("wrk is not on the PATH; this benchmark drives the server with it. Install it "
                + "with: " + INSTALL + " (Debian/Ubuntu, as root)");
    }

    /** Runs the load and returns wrk's totals; fails when wrk did not finish or printed no totals. */
    static Result run(Load load) {
        requireOnPath();
        String host = URI.create(load.url()).getHost();
        if (!"127.0.0.1".equals(host)) {
            throw new IllegalArgumentException("loopback only: " + load.url());
        }
        List<String> command = new ArrayList<>(List.of("wrk", "-t" + load.threads(), "-c" + load.connections(),
                "-d" + load.seconds() + "s", "--timeout", "10s", "-s", script(load.script()).toString()));
        for (String header : load.headers()) {
            command.add("-H");
            command.add(header);
        }
        command.add(load.url());
        if (!load.scriptArgs().isEmpty()) {
            command.add("--");
            command.addAll(load.scriptArgs());
        }
        String output = execute(command, load.seconds() + 60);
        Matcher m = RESULT.matcher(output);
        if (!m.find()) {
            throw new IllegalStateException("wrk printed no totals: " + output);
        }
        long errors = 0;
        for (int g = 3; g <= 8; g++) {
            errors += Long.parseLong(m.group(g));
        }
        return new Result(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)) / 1e6, errors);
    }

    private static String execute(List<String> command, int timeoutSeconds) {
        try {
            Files.createDirectories(SCRIPTS);
            Path out = SCRIPTS.resolve("wrk-output.txt");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("wrk did not finish within " + timeoutSeconds + " s");
            }
            return Files.readString(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The named script of this package (or none) with report.lua appended, written under target/wrk. */
    private static Path script(String name) {
        String text = (name == null ? "" : resource(name + ".lua") + "\n") + resource("report.lua");
        try {
            Files.createDirectories(SCRIPTS);
            Path file = SCRIPTS.resolve((name == null ? "report" : name) + "-run.lua");
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Wrk.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing " + name + " beside " + Wrk.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
