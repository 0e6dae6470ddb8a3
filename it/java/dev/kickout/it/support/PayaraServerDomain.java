package dev.kickout.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Prepares the {@code domain1} of a downloaded Payara Server for the ITs of the {@code payara-server} profile
 * (exec-maven-plugin, in Maven's JVM), once per unpacked distribution:
 * <ol>
 * <li>before its first start, its {@code domain.xml} made loopback-only, which no asadmin command can do on a stopped
 * domain: phone home off (inside {@code server-config}: at domain level Payara ignores it), Hazelcast bound to
 * 127.0.0.1 and finding its members from a list instead of probing the machine's addresses, an embedded JMS host on
 * 127.0.0.1 (without one the lazy JMS listener binds 0.0.0.0), every listener on 127.0.0.1 and on ports of the
 * tests, JVM options that keep Hazelcast, H2 and RMI on loopback;</li>
 * <li>then started once, for what a team runs with asadmin: {@code server-config/payara/kickout-server.asadmin}, the
 * Redis address, and the FORM-login example's users ({@code server-config/payara/form-login.post-boot}); and
 * stopped again: the Arquillian container starts it for the tests.</li>
 * </ol>
 * Arguments: the distribution's home ({@code payara6}), the project's directory, the Redis port, the HTTP and the
 * admin port.
 */
public final class PayaraServerDomain {

    private PayaraServerDomain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path home = Path.of(args[0]);
        Path project = Path.of(args[1]);
        String redisPort = args[2];
        String httpPort = args[3];
        String adminPort = args[4];
        Path domain = home.resolve("glassfish/domains/domain1");
        Path done = domain.resolve("kickout-it-prepared");
        if (Files.exists(done)) {
            System.out.println("[it] " + domain + " is prepared already");
            return;
        }
        Path xml = domain.resolve("config/domain.xml");
        Files.writeString(xml, loopbackOnly(Files.readString(xml), httpPort, adminPort));

        List<String> commands = new ArrayList<>();
        Files.readAllLines(project.resolve("server-config/payara/kickout-server.asadmin")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).forEach(commands::add);
        // multimode reads a backslash as an escape, as a shell does: the value's ':' are written '\\:' here
        commands.add("create-system-properties kickout.redis.address=redis\\\\://127.0.0.1\\\\:" + redisPort);
        Files.readAllLines(project.resolve("server-config/payara/form-login.post-boot")).stream()
                .filter(line -> line.startsWith("create-file-user "))
                .map(line -> line.replace("--passwordfile server-config/", "--passwordfile " + project.resolve("server-config") + "/"))
                .forEach(commands::add);
        Path script = domain.resolve("kickout-it-setup.asadmin");
        Files.write(script, commands);

        asadmin(home, adminPort, "start-domain", "domain1");
        try {
            asadmin(home, adminPort, "multimode", "--file", script.toString());
        } finally {
            asadmin(home, adminPort, "stop-domain", "domain1");
        }
        Files.writeString(done, "prepared\n");
        System.out.println("[it] " + domain + ": loopback only, HTTP " + httpPort + ", admin " + adminPort
                + ", Redis 127.0.0.1:" + redisPort + ", the FORM-login example's users");
    }

    /** domain.xml with each change made exactly once (a Payara whose file differs fails here, not off loopback). */
    static String loopbackOnly(String xml, String httpPort, String adminPort) {
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("<hazelcast-runtime-configuration start-port=\"5900\" das-port=\"4900\" auto-increment-port=\"true\">",
                "<hazelcast-runtime-configuration start-port=\"15900\" das-port=\"14900\" auto-increment-port=\"true\""
                        + " interface=\"127.0.0.1\" das-bind-address=\"127.0.0.1\" das-public-address=\"127.0.0.1\""
                        + " discovery-mode=\"tcpip\" tcpip-members=\"127.0.0.1:14900\">");
        changes.put("<config name=\"server-config\">", "<config name=\"server-config\">\n"
                + "      <phone-home-runtime-configuration enabled=\"false\"></phone-home-runtime-configuration>\n"
                + "      <jms-service type=\"EMBEDDED\" default-jms-host=\"default_JMS_host\" addresslist-behavior=\"priority\">\n"
                + "        <jms-host name=\"default_JMS_host\" host=\"127.0.0.1\" port=\"${JMS_PROVIDER_PORT}\" admin-user-name=\"admin\""
                + " admin-password=\"admin\" lazy-init=\"true\"></jms-host>\n"
                + "      </jms-service>");
        changes.put("<network-listener port=\"8080\" protocol=\"http-listener-1\"",
                "<network-listener address=\"127.0.0.1\" port=\"" + httpPort + "\" protocol=\"http-listener-1\"");
        changes.put("<network-listener port=\"8181\" protocol=\"http-listener-2\"",
                "<network-listener address=\"127.0.0.1\" port=\"" + (Integer.parseInt(httpPort) + 1) + "\" protocol=\"http-listener-2\"");
        changes.put("<network-listener port=\"4848\" protocol=\"admin-listener\"",
                "<network-listener address=\"127.0.0.1\" port=\"" + adminPort + "\" protocol=\"admin-listener\"");
        changes.put("address=\"0.0.0.0\" port=\"3700\"", "address=\"127.0.0.1\" port=\"13700\"");
        changes.put("address=\"0.0.0.0\" port=\"3820\"", "address=\"127.0.0.1\" port=\"13820\"");
        changes.put("address=\"0.0.0.0\" port=\"3920\"", "address=\"127.0.0.1\" port=\"13920\"");
        changes.put("address=\"0.0.0.0\" port=\"8686\"", "address=\"127.0.0.1\" port=\"18686\"");
        String changed = xml;
        for (Map.Entry<String, String> change : changes.entrySet()) {
            changed = once(changed, change.getKey(), change.getValue());
        }
        // the first JMS_PROVIDER_PORT and -server are server-config's (default-config follows it)
        changed = first(changed, "<system-property name=\"JMS_PROVIDER_PORT\" value=\"7676\"",
                "<system-property name=\"JMS_PROVIDER_PORT\" value=\"17676\"");
        return first(changed, "<jvm-options>-server</jvm-options>", "<jvm-options>-server</jvm-options>\n"
                + "        <jvm-options>-Dhazelcast.phone.home.enabled=false</jvm-options>\n"
                + "        <jvm-options>-Dhazelcast.socket.bind.any=false</jvm-options>\n"
                + "        <jvm-options>-Dh2.bindAddress=127.0.0.1</jvm-options>\n"
                + "        <jvm-options>-Djava.net.preferIPv4Stack=true</jvm-options>\n"
                + "        <jvm-options>-Djava.rmi.server.hostname=127.0.0.1</jvm-options>");
    }

    private static String once(String xml, String what, String by) {
        int at = xml.indexOf(what);
        if (at < 0 || xml.indexOf(what, at + 1) >= 0) {
            throw new IllegalStateException("domain.xml holds " + (at < 0 ? "no" : "more than one") + " " + what);
        }
        return xml.replace(what, by);
    }

    private static String first(String xml, String what, String by) {
        int at = xml.indexOf(what);
        if (at < 0) {
            throw new IllegalStateException("domain.xml holds no " + what);
        }
        return xml.substring(0, at) + by + xml.substring(at + what.length());
    }

    private static void asadmin(Path home, String adminPort, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/asadmin").toString(), "--host", "127.0.0.1",
                "--port", adminPort));
        command.addAll(List.of(arguments));
        Path log = home.resolve("kickout-it-asadmin.log");
        Process asadmin = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!asadmin.waitFor(5, TimeUnit.MINUTES)) {
            asadmin.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " took over 5 minutes; see " + log);
        }
        // multimode answers 0 when one of its commands failed, and says so
        if (asadmin.exitValue() != 0 || Files.readString(log).contains(" failed.")) {
            throw new IllegalStateException(String.join(" ", command) + " failed (" + asadmin.exitValue() + "):\n"
                    + Files.readString(log));
        }
    }
}
