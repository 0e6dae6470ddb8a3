package dev.kickout.it.payara;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The main class of the Payara Micro JVM that {@link SharedPayaraMicro} starts (it runs there, not in the test
 * JVM): boots Payara Micro with the command-line options it is given, as {@code java -jar payara-micro.jar}
 * would, then deploys and undeploys archives on request. Requests come over a control socket on 127.0.0.1, one
 * per connection: {@code deploy <name> <context root> <file>} or {@code undeploy <name>}; the answer is
 * {@code true}, or {@code false} and the server's SEVERE log records of the failed deployment.
 *
 * <p>Payara Micro's classes are reached by reflection: this class is compiled without them (the test JVM
 * never loads Payara), and it is the only class the Micro JVM gets besides payara-micro.jar.
 */
public final class MicroHost {

    /** Printed once the server is up, followed by the control port. */
    static final String READY = "kickout-micro-host ready, control port ";
    private static final int MAX_EVIDENCE = 6000;

    private final Object runtime;

    private MicroHost(Object runtime) {
        this.runtime = runtime;
    }

    public static void main(String[] args) throws Exception {
        Object boot = Class.forName("fish.payara.micro.boot.PayaraMicroLauncher")
                .getMethod("create", String[].class).invoke(null, (Object) args);
        MicroHost host = new MicroHost(boot.getClass().getMethod("getRuntime").invoke(boot));
        try (ServerSocket control = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            System.out.println(READY + control.getLocalPort());
            while (true) {
                try (Socket socket = control.accept();
                        DataInputStream in = new DataInputStream(socket.getInputStream());
                        DataOutputStream out = new DataOutputStream(socket.getOutputStream())) {
                    host.serve(in, out);
                }
            }
        }
    }

    private void serve(DataInputStream in, DataOutputStream out) throws IOException {
        String command = in.readUTF();
        String name = in.readUTF();
        switch (command) {
            case "deploy" -> {
                String contextRoot = in.readUTF();
                File file = new File(in.readUTF());
                Failures failures = Failures.capture();
                boolean deployed;
                try {
                    call("deploy", new Class<?>[] {String.class, String.class, File.class}, name, contextRoot, file);
                    deployed = deployedNames().contains(name);
                } finally {
                    failures.release();
                }
                out.writeBoolean(deployed);
                out.writeUTF(deployed ? "" : failures.evidence());
            }
            case "undeploy" -> {
                if (deployedNames().contains(name)) {
                    call("undeploy", new Class<?>[] {String.class}, name);
                }
                out.writeBoolean(!deployedNames().contains(name));
                out.writeUTF("");
            }
            default -> throw new IOException("unknown command " + command);
        }
        out.flush();
    }

    private Collection<?> deployedNames() {
        return (Collection<?>) call("getDeployedApplicationNames", new Class<?>[0]);
    }

    private Object call(String method, Class<?>[] types, Object... args) {
        try {
            // the runtime's class is not public: call through its public interface
            return Class.forName("fish.payara.micro.PayaraMicroRuntime", false, runtime.getClass().getClassLoader())
                    .getMethod(method, types).invoke(runtime, args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("PayaraMicroRuntime." + method + " failed", e);
        }
    }

    /** SEVERE records logged anywhere in the server while a deployment runs. */
    private static final class Failures extends Handler {

        private static final Logger ROOT = Logger.getLogger("");
        private final List<String> records = new CopyOnWriteArrayList<>();

        static Failures capture() {
            Failures failures = new Failures();
            failures.setLevel(Level.SEVERE);
            ROOT.addHandler(failures);
            return failures;
        }

        void release() {
            ROOT.removeHandler(this);
        }

        @Override
        public void publish(LogRecord record) {
            if (!isLoggable(record)) {
                return;
            }
            StringBuilder text = new StringBuilder(record.getLevel() + " [" + record.getLoggerName() + "] ")
                    .append(new SimpleFormatter().formatMessage(record));
            for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
                text.append("\n  caused by ").append(cause);
            }
            records.add(text.toString());
        }

        String evidence() {
            String all = records.isEmpty() ? "(no SEVERE records: see the server output)" : String.join("\n", records);
            return all.length() > MAX_EVIDENCE ? all.substring(0, MAX_EVIDENCE) + "\n..." : all;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
