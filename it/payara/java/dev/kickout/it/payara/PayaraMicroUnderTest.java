package dev.kickout.it.payara;

import fish.payara.arquillian.container.payara.managed.PayaraMicroContainerConfiguration;
import fish.payara.arquillian.container.payara.managed.PayaraMicroDeployableContainer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.client.protocol.metadata.Servlet;
import org.jboss.shrinkwrap.api.Archive;

/**
 * The Payara Micro connector ({@code fish.payara.arquillian:arquillian-payara-micro-managed} 3.1) with the
 * fixes these ITs need; it replaces the connector's container through {@code dev.kickout.it.support.PayaraMicroFixes}
 * and is on the classpath only under {@code -Ppayara}. The connector starts one Payara Micro process per
 * deployment and does the launching; this class adds:
 * <ul>
 * <li><b>Several deployments in one test class</b> (LoginPolicyIT has five): the connector keeps only the
 * last process, so undeploying stops that one five times and leaks the others. Here every deployment's
 * process is kept and stopped (and waited for) on its own undeploy, and at JVM exit.</li>
 * <li><b>One unpack directory per Micro running at the same time</b> ({@code --unpackdir X} becomes
 * {@code X/instance-N}): Micros unpacking their runtime into one directory at once would overwrite each
 * other's jars. The directory is emptied before each start: it also holds the domain, whose default data
 * source is an H2 database in a file, and documents saved by an earlier run (with fences from an earlier
 * Redis) would break the lock and version ITs. WildFly's default data source is in memory.</li>
 * <li><b>A failed deployment fails the test class</b> with the server's errors (STACK.md Payara note 5:
 * the connector returns the bare server URL and the tests then hit 404s). The full server output is in
 * {@code target/failsafe-reports/<test class>-output.txt}.</li>
 * <li>The URL the tests get names 127.0.0.1, not the "localhost" Micro reports (which may resolve to
 * ::1, where nothing listens: the listeners are bound to 127.0.0.1).</li>
 * <li>The connector's output reader spins on a dead process's closed output: closing it ends the reader.</li>
 * </ul>
 */
public class PayaraMicroUnderTest extends PayaraMicroDeployableContainer {

    private static final Pattern UNPACK_DIR = Pattern.compile("(--unpackdir )(\\S+)");
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");

    private PayaraMicroContainerConfiguration configuration;
    private String configuredOptions;
    /** Running Micros of this container by deployment name. */
    private final Map<String, Instance> running = new LinkedHashMap<>();
    /** Unpack-directory slots in use, across containers (a group's containers run Micros at the same time). */
    private static final Set<Integer> SLOTS = new HashSet<>();

    private record Instance(Process process, int slot) {
    }

    @Override
    public void setup(PayaraMicroContainerConfiguration configuration) {
        super.setup(configuration);
        this.configuration = configuration;
        this.configuredOptions = configuration.getExtraMicroOptions();
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAll, "payara-micro-under-test-stop"));
    }

    @Override
    public synchronized ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException {
        int slot = freeSlot();
        configuration.setExtraMicroOptions(withUnpackSlot(configuredOptions, slot));
        Path unpackDir = unpackDir(configuredOptions, slot);
        if (unpackDir != null && Files.isDirectory(unpackDir)) {
            deleteRecursively(unpackDir); // a fresh server each time, like WildFly's in-memory H2
        }
        ProtocolMetaData metaData;
        try {
            metaData = super.deploy(archive);
        } catch (DeploymentException | RuntimeException e) {
            releaseSlot(slot);
            stop(takeProcess());
            throw new DeploymentException(failure(archive, "Payara Micro did not start"), e);
        }
        Process process = takeProcess();
        if (metaData == null || !metaData.hasContext(HTTPContext.class)) {
            releaseSlot(slot);
            stop(process);
            throw new DeploymentException(failure(archive, "Payara Micro did not start"));
        }
        running.put(archive.getName(), new Instance(process, slot));

        HTTPContext reported = metaData.getContext(HTTPContext.class);
        String contextRoot = "/" + archive.getName().replaceFirst("\\.[a-z]+$", "");
        if (reported.getServlets().stream().noneMatch(s -> s.getContextRoot().equals(contextRoot))) {
            undeploy(archive);
            throw new DeploymentException(failure(archive, "Payara Micro started but " + archive.getName()
                    + " is not deployed at " + contextRoot));
        }
        HTTPContext loopback = new HTTPContext("127.0.0.1", reported.getPort());
        for (Servlet servlet : reported.getServlets()) {
            loopback.add(new Servlet(servlet.getName(), servlet.getContextRoot()));
        }
        return new ProtocolMetaData().addContext(loopback);
    }

    @Override
    public synchronized void undeploy(Archive<?> archive) {
        Instance instance = running.remove(archive.getName());
        if (instance != null) {
            stop(instance.process());
            releaseSlot(instance.slot());
        }
    }

    private synchronized void stopAll() {
        new ArrayList<>(running.values()).forEach(instance -> stop(instance.process()));
        running.clear();
    }

    private static int freeSlot() {
        synchronized (SLOTS) {
            int slot = 0;
            while (SLOTS.contains(slot)) {
                slot++;
            }
            SLOTS.add(slot);
            return slot;
        }
    }

    private static void releaseSlot(int slot) {
        synchronized (SLOTS) {
            SLOTS.remove(slot);
        }
    }

    /** The unpack directory of a slot, or null when the options name none. */
    static Path unpackDir(String options, int slot) {
        Matcher matcher = options == null ? null : UNPACK_DIR.matcher(options);
        return matcher != null && matcher.find() ? Path.of(matcher.group(2), "instance-" + slot) : null;
    }

    static String withUnpackSlot(String options, int slot) {
        if (options == null) {
            return null;
        }
        Matcher matcher = UNPACK_DIR.matcher(options);
        return matcher.find()
                ? matcher.replaceFirst(Matcher.quoteReplacement(matcher.group(1) + matcher.group(2) + "/instance-" + slot))
                : options;
    }

    /** Stops a Micro (SIGTERM, then SIGKILL after 30 s) and waits for it, so its ports are free afterwards. */
    private static void stop(Process process) {
        if (process == null) {
            return;
        }
        Path copy = deploymentCopy(process);
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            process.getInputStream().close(); // ends the connector's reader thread
        } catch (IOException ignored) {
            // nothing left to read
        }
        if (copy != null) {
            deleteRecursively(copy);
        }
    }

    /**
     * The temporary directory ({@code arquillian-payara-microNNN}) the connector exported the deployment to
     * (and never deletes), read from the running process's {@code --deploy} argument.
     */
    private static Path deploymentCopy(Process process) {
        List<String> args = process.info().arguments().map(Arrays::asList).orElse(List.of());
        int deploy = args.indexOf("--deploy");
        if (deploy < 0 || deploy + 1 >= args.size()) {
            return null;
        }
        Path dir = Path.of(args.get(deploy + 1)).getParent().getParent();
        return dir != null && dir.getFileName().toString().startsWith("arquillian-payara-micro") ? dir : null;
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary directory left behind is harmless
        }
    }

    /** The connector's process of the deployment it just started; its own shutdown hook is replaced by ours. */
    private Process takeProcess() {
        Process process = (Process) field("payaraMicroProcess");
        Thread hook = (Thread) field("shutdownHook");
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is exiting anyway
            }
        }
        setField("shutdownHook", null);
        setField("payaraMicroProcess", null);
        return process;
    }

    /** A message with the server's SEVERE records (or the end of its output), also printed to stderr. */
    private String failure(Archive<?> archive, String what) {
        String log = ANSI.matcher(String.valueOf(field("log"))).replaceAll("");
        List<String> records = Arrays.stream(log.split("\\R\\s*\\R")).filter(r -> r.contains("SEVERE"))
                .collect(Collectors.toList());
        String evidence = records.isEmpty() ? tail(log, 40) : String.join("\n", records);
        if (evidence.length() > 6000) {
            evidence = evidence.substring(0, 6000) + "\n...";
        }
        String message = what + " (deployment " + archive.getName() + "); server says:\n" + evidence;
        System.err.println(message);
        return message;
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().collect(Collectors.toList());
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private Object field(String name) {
        try {
            Field field = PayaraMicroDeployableContainer.class.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(this);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Payara Micro connector changed: no field " + name, e);
        }
    }

    private void setField(String name, Object value) {
        try {
            Field field = PayaraMicroDeployableContainer.class.getDeclaredField(name);
            field.setAccessible(true);
            field.set(this, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Payara Micro connector changed: no field " + name, e);
        }
    }
}
