package dev.kickout.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.bench.RedisCalls.Count;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis load of one idle instance at the default timer settings (sweeper every minute, outbox drainer
 * every second), over {@value #WINDOWS} windows of {@value #WINDOW_SECONDS} s with no request, no
 * stream and no scrape: what every instance costs Redis per minute before it serves anyone. The
 * drainer's tick is one EXISTS (of 1,024 keys), Redisson's keep-alive is PING; the rest is the sweeper.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisIdleCommandsBench {

    static final int WINDOWS = 2;
    static final int WINDOW_SECONDS = 60;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("idle.war", Map.of("kickout.key-prefix", "idle"));
    }

    @ArquillianResource
    URL base;

    @Test
    void idleInstance() throws Exception {
        Api api = new Api(base);
        // one login and logout: the module's beans, timers and Redis connections are all up before counting
        api.post("auth/logout", api.login("alice", "idle").token(), null).assertOk(204);
        try (RedisCalls calls = new RedisCalls(TestRedis.port())) {
            for (int w = 0; w < WINDOWS; w++) {
                calls.start();
                long start = System.nanoTime();
                // a fixed measuring window, not a synchronisation: nothing is waited for
                RedisCalls.await("window of " + WINDOW_SECONDS + " s", WINDOW_SECONDS + 5,
                        () -> System.nanoTime() - start >= Duration.ofSeconds(WINDOW_SECONDS).toNanos());
                Count window = calls.stop(0);
                double minutes = (System.nanoTime() - start) / 60e9;
                long ticks = window.byCommand().getOrDefault("exists", 0L);
                long pings = window.byCommand().getOrDefault("ping", 0L);
                Count sweep = window.without("exists").without("ping");
                System.out.printf("[figure] redis per idle minute, one instance (window %d, %.1f s): %s round trips "
                        + "(socket reads), %s client commands, %s Redis commands (%s inside scripts), %s bytes sent "
                        + "to Redis: outbox drainer "
                        + "%s EXISTS, Redisson PING %s, the rest (sweeper) %s commands; top: %s%s%n",
                        w + 1, minutes * 60, fmt(window.reads() / minutes), fmt(window.clientCommands() / minutes),
                        fmt(window.commands() / minutes), fmt(window.inScripts() / minutes),
                        String.format("%.0f", window.inputBytes() / minutes), fmt(ticks / minutes),
                        fmt(pings / minutes), fmt(sweep.commands() / minutes),
                        window.top(8, minutes), window.monitored() == window.commands() ? ""
                                : " (MONITOR saw " + window.monitored() + ")");
                assertTrue(ticks > 0, "the outbox drainer ticked in the window");
            }
        }
    }

    private static String fmt(double value) {
        return RedisCalls.format(value);
    }
}
