package dev.kickout.it.payara;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.LifecycleException;
import org.jboss.arquillian.container.spi.client.protocol.ProtocolDescription;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.client.protocol.metadata.Servlet;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;

/**
 * An Arquillian container that is one Payara Micro process for its whole life, like WildFly's managed
 * container: {@link #start()} boots the Micro (with no application), {@link #deploy(Archive)} and
 * {@link #undeploy(Archive)} deploy into it and take out again, {@link #stop()} ends it. The process runs
 * {@link MicroHost}, which boots Payara Micro with the configured options and takes deploy and undeploy
 * requests on a control socket on 127.0.0.1.
 *
 * <ul>
 * <li>An archive {@code name.war} is deployed as application {@code name} at context root {@code /name}; the
 * URL the tests get names 127.0.0.1 (the listeners are bound to it; "localhost" may resolve to ::1).</li>
 * <li>A failed deployment fails with the server's SEVERE records of that deployment.</li>
 * <li>The unpack directory (runtime and domain, whose default data source is an H2 database in a file) is
 * emptied before each start: every start begins with an empty database, as WildFly's in-memory H2 does.</li>
 * <li>The server's output goes to this JVM's standard output (failsafe keeps it in
 * {@code target/failsafe-reports/<test class>-output.txt}, in the file of the class running at the time).</li>
 * </ul>
 */
public class SharedMicroContainer implements DeployableContainer<SharedMicroConfiguration> {

    /** MicroHost and its nested class: all the Micro JVM gets from this build. */
    private static final String[] HOST_CLASSES = {"MicroHost.class", "MicroHost$Failures.class"};
    private static final int OUTPUT_TAIL = 40;

    private SharedMicroConfiguration configuration;
    private Process process;
    private int httpPort;
    private int controlPort;
    private final Deque<String> outputTail = new ArrayDeque<>();

    @Override
    public Class<SharedMicroConfiguration> getConfigurationClass() {
        return SharedMicroConfiguration.class;
    }

    @Override
    public void setup(SharedMicroConfiguration configuration) {
        this.configuration = configuration;
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopProcess, "payara-micro-stop"));
    }

    @Override
    public ProtocolDescription getDefaultProtocol() {
        return new ProtocolDescription("Servlet 5.0");
    }

    @Override
    public synchronized void start() throws LifecycleException {
        Path unpackDir = Path.of(configuration.getUnpackDir());
        deleteRecursively(unpackDir);
        httpPort = configuration.isAutoBindHttp() ? firstFreePort(configuration.getHttpPort()) : configuration.getHttpPort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(words(configuration.getJvmOptions()));
        command.addAll(openedPackages(configuration.getMicroJar()));
        command.addAll(List.of("-cp", hostClasses(unpackDir) + File.pathSeparator + configuration.getMicroJar(),
                MicroHost.class.getName(), "--port", String.valueOf(httpPort), "--unpackdir", unpackDir.resolve("micro").toString()));
        command.addAll(words(configuration.getMicroOptions()));

        CompletableFuture<Integer> ready = new CompletableFuture<>();
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new LifecycleException("Could not start " + command, e);
        }
        Thread output = new Thread(() -> copyOutput(process.getInputStream(), ready), "payara-micro-output-" + httpPort);
        output.setDaemon(true);
        output.start();
        try {
            controlPort = ready.get(configuration.getTimeoutInSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            stopProcess();
            throw new LifecycleException("Payara Micro did not start within " + configuration.getTimeoutInSeconds()
                    + " s on port " + httpPort + "; its last output:\n" + tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopProcess();
            throw new LifecycleException("Interrupted while Payara Micro started", e);
        }
    }

    @Override
    public synchronized void stop() {
        stopProcess();
    }

    @Override
    public synchronized ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException {
        String name = applicationName(archive);
        Path file = deploymentFile(archive);
        try {
            Files.createDirectories(file.getParent());
            archive.as(ZipExporter.class).exportTo(file.toFile(), true);
        } catch (IOException | RuntimeException e) {
            throw new DeploymentException("Could not write " + file, e);
        }
        String evidence = request("deploy", name, name, file.toString());
        if (evidence != null) {
            String message = "Payara Micro did not deploy " + archive.getName() + "; server says:\n" + evidence;
            System.err.println(message);
            throw new DeploymentException(message);
        }
        HTTPContext context = new HTTPContext("127.0.0.1", httpPort);
        context.add(new Servlet("default", "/" + name));
        return new ProtocolMetaData().addContext(context);
    }

    @Override
    public synchronized void undeploy(Archive<?> archive) throws DeploymentException {
        String evidence = request("undeploy", applicationName(archive));
        if (evidence != null) {
            throw new DeploymentException("Payara Micro did not undeploy " + archive.getName() + ": " + evidence);
        }
        try {
            Files.deleteIfExists(deploymentFile(archive));
        } catch (IOException e) {
            throw new DeploymentException("Could not delete " + deploymentFile(archive), e);
        }
    }

    /** Sends one request to the {@link MicroHost}; null when it succeeded, else what the server says. */
    private String request(String... words) throws DeploymentException {
        if (process == null || !process.isAlive()) {
            throw new DeploymentException("Payara Micro on port " + httpPort + " is not running"
                    + (process == null ? "" : " (exit code " + process.exitValue() + "); its last output:\n" + tail()));
        }
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), controlPort);
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                DataInputStream in = new DataInputStream(socket.getInputStream())) {
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(configuration.getTimeoutInSeconds()));
            for (String word : words) {
                out.writeUTF(word);
            }
            out.flush();
            boolean done = in.readBoolean();
            String evidence = in.readUTF();
            return done ? null : evidence;
        } catch (IOException e) {
            throw new DeploymentException("No answer from Payara Micro on port " + httpPort + " to " + words[0] + " "
                    + words[1] + (process.isAlive() ? "" : " (it exited; its last output:\n" + tail() + ")"), e);
        }
    }

    /** Copies the server's output to ours, and completes {@code ready} with the control port when the host prints it. */
    private void copyOutput(InputStream output, CompletableFuture<Integer> ready) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                System.out.println(line);
                remember(line);
                if (line.startsWith(MicroHost.READY)) {
                    ready.complete(Integer.valueOf(line.substring(MicroHost.READY.length()).trim()));
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
        ready.completeExceptionally(new IllegalStateException("Payara Micro exited"));
    }

    private void remember(String line) {
        synchronized (outputTail) {
            outputTail.addLast(line);
            if (outputTail.size() > OUTPUT_TAIL) {
                outputTail.removeFirst();
            }
        }
    }

    private String tail() {
        synchronized (outputTail) {
            return String.join("\n", outputTail);
        }
    }

    /** Ends the server (SIGTERM, then SIGKILL after 30 s) and waits for it, so that its ports are free afterwards. */
    private synchronized void stopProcess() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    private static String applicationName(Archive<?> archive) {
        return archive.getName().replaceFirst("\\.[a-z]+$", "");
    }

    private Path deploymentFile(Archive<?> archive) {
        return Path.of(configuration.getUnpackDir(), "deployments", archive.getName());
    }

    /**
     * A directory holding only {@link MicroHost}'s class files: the server's class path must not hold the test
     * classes, or the applications would load the classes they bring from there.
     */
    private static String hostClasses(Path unpackDir) throws LifecycleException {
        Path dir = unpackDir.resolve("host");
        Path packageDir = dir.resolve(MicroHost.class.getPackageName().replace('.', File.separatorChar));
        try {
            Files.createDirectories(packageDir);
            for (String file : HOST_CLASSES) {
                try (InputStream in = MicroHost.class.getResourceAsStream(file)) {
                    if (in == null) {
                        throw new LifecycleException("No " + file + " beside " + MicroHost.class.getName());
                    }
                    Files.copy(in, packageDir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new LifecycleException("Could not copy the host classes to " + dir, e);
        }
        return dir.toString();
    }

    /**
     * The JVM options that {@code java -jar payara-micro.jar} takes from the jar's manifest (Add-Opens,
     * Add-Exports); a jar on the class path does not get them.
     */
    private static List<String> openedPackages(String microJar) throws LifecycleException {
        try (JarFile jar = new JarFile(microJar)) {
            Attributes main = jar.getManifest().getMainAttributes();
            List<String> options = new ArrayList<>();
            words(main.getValue("Add-Opens")).forEach(p -> options.add("--add-opens=" + p + "=ALL-UNNAMED"));
            words(main.getValue("Add-Exports")).forEach(p -> options.add("--add-exports=" + p + "=ALL-UNNAMED"));
            return options;
        } catch (IOException e) {
            throw new LifecycleException("Could not read the manifest of " + microJar, e);
        }
    }

    private static int firstFreePort(int from) throws LifecycleException {
        for (int port = from; port < from + 100; port++) {
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return port;
            } catch (IOException taken) {
                // try the next one
            }
        }
        throw new LifecycleException("No free port on 127.0.0.1 from " + from + " to " + (from + 99));
    }

    private static List<String> words(String text) {
        return text == null || text.isBlank() ? List.of() : Arrays.asList(text.trim().split("\\s+"));
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not empty " + dir, e);
        }
    }
}
