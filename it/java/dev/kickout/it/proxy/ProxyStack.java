package dev.kickout.it.proxy;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kickout.it.support.NginxProcess;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.WildFlyProcess;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The production shape in small: two WildFly instances of the reference app (HTTP 11580 and 11680,
 * management 13490 and 13590; {@code -Dkickout.it.proxy.port-offset} moves both) on the test Redis, and nginx balancing round-robin over them. The instances
 * send a keep-alive every second and nginx cuts an event stream after 4 s of silence, so a test can show
 * within seconds that a stream outlives the proxy's read timeout. WildFly only: on Payara the class using it
 * is skipped (the instances run the provisioned {@code target/server}).
 */
public final class ProxyStack implements AutoCloseable {

    /** kickout.sse.keepalive of both instances. */
    public static final Duration KEEPALIVE = Duration.ofSeconds(1);
    /** nginx's proxy_read_timeout for event streams. */
    public static final Duration EVENTS_READ_TIMEOUT = Duration.ofSeconds(4);
    /** Port offset of the first instance; the second one's is 100 more. */
    private static final int PORT_OFFSET = Integer.getInteger("kickout.it.proxy.port-offset", 3500);

    private final WildFlyProcess one;
    private final WildFlyProcess two;
    private final NginxProcess nginx;

    private ProxyStack(WildFlyProcess one, WildFlyProcess two, NginxProcess nginx) {
        this.one = one;
        this.two = two;
        this.nginx = nginx;
    }

    /** Starts both instances (in parallel) with {@code settings} on top of the reference WAR's, then nginx. */
    public static ProxyStack start(String name, Map<String, String> settings) {
        assumeTrue(ServerUnderTest.current() == ServerUnderTest.WILDFLY,
                "Proxy tests run on WildFly only: they start two more instances of the provisioned target/server");
        Map<String, String> all = new HashMap<>(settings);
        all.put("kickout.sse.keepalive", KEEPALIVE.toString());
        WildFlyProcess one = WildFlyProcess.launch(name + "-1", PORT_OFFSET, all);
        WildFlyProcess two = null;
        try {
            two = WildFlyProcess.launch(name + "-2", PORT_OFFSET + 100, all);
            one.awaitDeployed();
            two.awaitDeployed();
            return new ProxyStack(one, two, NginxProcess.start(name, EVENTS_READ_TIMEOUT, one.httpPort(), two.httpPort()));
        } catch (RuntimeException | Error e) {
            one.close();
            if (two != null) {
                two.close();
            }
            throw e;
        }
    }

    /** The app's context root through nginx, e.g. {@code http://127.0.0.1:11700/kickout/}. */
    public URI contextRoot() {
        return nginx.uri().resolve("/kickout/");
    }

    public NginxProcess nginx() {
        return nginx;
    }

    public List<WildFlyProcess> instances() {
        return List.of(one, two);
    }

    /** The instance that is not {@code instance}. */
    public WildFlyProcess other(WildFlyProcess instance) {
        return instance == one ? two : one;
    }

    @Override
    public void close() {
        try {
            nginx.close();
        } finally {
            try {
                one.close();
            } finally {
                two.close();
            }
        }
    }
}
