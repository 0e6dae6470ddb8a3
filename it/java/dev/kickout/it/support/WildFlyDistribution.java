package dev.kickout.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Prepares a downloaded WildFly distribution for the ITs of the {@code wildfly-dist} profile (pre-integration-test,
 * exec-maven-plugin, in Maven's JVM), as a team would its own server, plus what the test machine needs: the
 * FORM-login example's users in {@code ApplicationRealm} (the files {@code bin/add-user.sh} writes), the
 * configuration kept on 127.0.0.1 (JGroups over TCP with fixed members, {@code loopback-cluster.cli}, and no
 * mod_cluster advertising, both multicast otherwise), and {@code server-config/wildfly/health-and-metrics.cli},
 * which the docs tell teams to run. Offline, with {@code jboss-cli.sh}; once per unpacked distribution.
 * Arguments: the distribution's home, the configuration file, the project's directory.
 */
public final class WildFlyDistribution {

    private WildFlyDistribution() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path home = Path.of(args[0]);
        String config = args[1];
        Path project = Path.of(args[2]);
        Path done = home.resolve("kickout-it-prepared-" + config);
        if (Files.exists(done)) {
            System.out.println("[it] " + home + " is prepared already (" + done.getFileName() + ")");
            return;
        }
        Path configuration = home.resolve("standalone/configuration");
        try (Stream<Path> users = Files.list(project.resolve("server-config/wildfly/form-login/standalone/configuration"))) {
            for (Path file : users.toList()) {
                Files.copy(file, configuration.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        List<String> loopback = new ArrayList<>(List.of("embed-server --server-config=" + config + " --std-out=discard", "batch"));
        Files.readAllLines(project.resolve("server-config/wildfly/loopback-cluster.cli")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).forEach(loopback::add);
        loopback.addAll(List.of(
                "/subsystem=modcluster/proxy=default:write-attribute(name=advertise, value=false)",
                "/subsystem=modcluster/proxy=default:undefine-attribute(name=advertise-socket)",
                "run-batch", "stop-embedded-server"));
        Path script = home.resolve("kickout-it-loopback.cli");
        Files.write(script, loopback);
        cli(home, "--file=" + script);
        cli(home, "--file=" + project.resolve("server-config/wildfly/health-and-metrics.cli"), "-Dconfig=" + config);
        Files.writeString(done, "prepared\n");
        System.out.println("[it] " + home + ": test users, loopback only, health and metrics (" + config + ")");
    }

    private static void cli(Path home, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/jboss-cli.sh").toString()));
        command.addAll(List.of(arguments));
        Path log = home.resolve("kickout-it-cli.log");
        Process cli = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!cli.waitFor(3, TimeUnit.MINUTES)) {
            cli.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " took over 3 minutes; see " + log);
        }
        if (cli.exitValue() != 0 || Files.readString(log).contains("\"outcome\" => \"failed\"")) {
            throw new IllegalStateException(String.join(" ", command) + " failed (" + cli.exitValue() + "):\n" + Files.readString(log));
        }
    }
}
