package dev.kickout.it.support;

import java.net.URI;
import java.net.URL;

/**
 * What differs between the application servers the ITs run against, in one place. The POM sets the system
 * property {@value #PROPERTY}: absent or {@code wildfly} (default, {@code ./mvnw verify}) or {@code payara}
 * ({@code ./mvnw -Ppayara verify}).
 */
public enum ServerUnderTest {

    /**
     * WildFly 39 (managed, ports offset): MicroProfile Health is on the management port, 10090 unless the
     * system property kickout.it.management-port says otherwise.
     */
    WILDFLY {
        @Override
        public URI readiness(URL deployment) {
            return URI.create("http://127.0.0.1:" + System.getProperty("kickout.it.management-port", "10090")
                    + "/health/ready");
        }


        @Override
        public URI metrics(URL deployment) {
            return URI.create("http://127.0.0.1:" + System.getProperty("kickout.it.management-port", "10090") + "/metrics");
        }
    },

    /**
     * Payara Micro 6.2025.10: MicroProfile Health is served on the HTTP port of the instance that runs the
     * deployment ("a" from port 8290 up, "b" on the next free one), there is no management port.
     */
    PAYARA {
        @Override
        public URI readiness(URL deployment) {
            return URI.create(deployment.getProtocol() + "://" + deployment.getHost() + ":" + deployment.getPort()
                    + "/health/ready");
        }


        @Override
        public URI metrics(URL deployment) {
            return URI.create(deployment.getProtocol() + "://" + deployment.getHost() + ":" + deployment.getPort() + "/metrics");
        }
    };

    public static final String PROPERTY = "kickout.it.server";

    /** The server the ITs of this run deploy to. */
    public static ServerUnderTest current() {
        return valueOf(System.getProperty(PROPERTY, "wildfly").trim().toUpperCase(java.util.Locale.ROOT));
    }

    /** The MicroProfile Health readiness endpoint (200 UP, 503 DOWN) of the server running {@code deployment}. */
    public abstract URI readiness(URL deployment);

    /** The MicroProfile Health liveness endpoint, beside {@link #readiness(URL)} on both servers. */
    public URI liveness(URL deployment) {
        return readiness(deployment).resolve("live");
    }

    /**
     * The Prometheus text of the server running {@code deployment}: WildFly's micrometer registry on the
     * management port, Payara's MicroProfile Metrics on the HTTP port.
     */
    public abstract URI metrics(URL deployment);

}
