package dev.kickout.it.payara;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.arquillian.container.spi.ConfigurationException;
import org.jboss.arquillian.container.spi.client.container.ContainerConfiguration;

/** The properties of a {@link SharedMicroContainer} in arquillian-payara.xml. */
public class SharedMicroConfiguration implements ContainerConfiguration {

    private String microJar;
    private String jvmOptions = "";
    private String microOptions = "";
    private int httpPort = 8080;
    private boolean autoBindHttp;
    private String unpackDir;
    private int timeoutInSeconds = 120;

    @Override
    public void validate() throws ConfigurationException {
        if (microJar == null || !Files.isRegularFile(Path.of(microJar))) {
            throw new ConfigurationException("microJar: no Payara Micro jar at " + microJar
                    + " (the payara profile copies it to target/ in pre-integration-test)");
        }
        if (unpackDir == null || unpackDir.isBlank()) {
            throw new ConfigurationException("unpackDir: each server needs a directory of its own");
        }
    }

    /** The payara-micro.jar to run. */
    public String getMicroJar() {
        return microJar;
    }

    public void setMicroJar(String microJar) {
        this.microJar = microJar;
    }

    /** Options of the server's JVM, separated by spaces. */
    public String getJvmOptions() {
        return jvmOptions;
    }

    public void setJvmOptions(String jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    /** Payara Micro command-line options, separated by spaces; the container adds --port and --unpackdir. */
    public String getMicroOptions() {
        return microOptions;
    }

    public void setMicroOptions(String microOptions) {
        this.microOptions = microOptions;
    }

    /** The HTTP port, or with {@link #isAutoBindHttp()} the first port to try. */
    public int getHttpPort() {
        return httpPort;
    }

    public void setHttpPort(int httpPort) {
        this.httpPort = httpPort;
    }

    /** Whether to take the first free port from {@link #getHttpPort()} up (several builds side by side). */
    public boolean isAutoBindHttp() {
        return autoBindHttp;
    }

    public void setAutoBindHttp(boolean autoBindHttp) {
        this.autoBindHttp = autoBindHttp;
    }

    /** Payara Micro's runtime and domain directory; emptied before each start. */
    public String getUnpackDir() {
        return unpackDir;
    }

    public void setUnpackDir(String unpackDir) {
        this.unpackDir = unpackDir;
    }

    /** How long a start, a deploy or an undeploy may take. */
    public int getTimeoutInSeconds() {
        return timeoutInSeconds;
    }

    public void setTimeoutInSeconds(int timeoutInSeconds) {
        this.timeoutInSeconds = timeoutInSeconds;
    }
}
