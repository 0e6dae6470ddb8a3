package dev.kickout.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.bench.RedisCalls.Count;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.support.TestRedis;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The one Redis cost of an open stream besides opening it: its session is re-read when the expiry
 * Redis last gave it has passed (once per {@code kickout.session.ttl}), here shortened to
 * {@value #TTL_SECONDS} s so that it happens within the run. {@value #SESSIONS} sessions with
 * {@value #STREAMS_EACH} streams each: each session makes one request halfway (its expiry slides),
 * then a window holds the re-check that finds it slid; a second window holds the re-check that finds
 * it expired and sends SESSION_EXPIRED. Sweeper and outbox drainer pushed out of the way.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamRecheckCommandsBench {

    static final int TTL_SECONDS = 20;
    static final int SESSIONS = 5;
    static final int STREAMS_EACH = 2;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("recheck.war", Map.of("kickout.key-prefix", "recheck",
                "kickout.session.ttl", "PT" + TTL_SECONDS + "S", "kickout.cleanup.interval", "PT1H",
                "kickout.outbox.interval", "PT1H",
                // the near cache's heartbeats would never let Redis go quiet (as in RedisCommandsBench)
                "kickout.session.near-cache", "false"));
    }

    @ArquillianResource
    URL base;

    @Test
    void sessionRechecks() throws Exception {
        Api api = new Api(base);
        List<String> tokens = new ArrayList<>();
        List<EventStream> streams = new ArrayList<>();
        try (RedisCalls calls = new RedisCalls(TestRedis.port())) {
            long opened = System.nanoTime();
            for (int s = 0; s < SESSIONS; s++) {
                String token = api.login("bob", "recheck-" + s).token();
                tokens.add(token);
                for (int i = 0; i < STREAMS_EACH; i++) {
                    streams.add(RedisCommandsBench.openStream(api, token));
                }
            }
            long openedFor = System.nanoTime() - opened;
            at(opened + seconds(TTL_SECONDS / 2));
            tokens.forEach(token -> api.get("auth/status", token).assertOk(200));

            // the streams learnt an expiry at most TTL after they opened; the slid one is TTL / 2 later
            calls.start();
            at(opened + openedFor + seconds(TTL_SECONDS) + seconds(2));
            Count slid = calls.stop(RedisCommandsBench.QUIET_MS).without("ping");
            RedisCommandsBench.figure("re-check of a session with open streams, found live and slid (once per "
                    + "kickout.session.ttl per session; " + STREAMS_EACH + " streams each)", slid, SESSIONS);

            calls.start();
            for (EventStream stream : streams) {
                EventStream.Event event = stream.next(Duration.ofSeconds(TTL_SECONDS * 3L));
                assertEquals("SESSION_EXPIRED", event == null ? null : event.type(), "the stream learns its session ended");
            }
            Count ended = calls.stop(RedisCommandsBench.QUIET_MS).without("ping");
            RedisCommandsBench.figure("re-check of a session with open streams, found expired (SESSION_EXPIRED "
                    + "stored and sent to its " + STREAMS_EACH + " streams)", ended, SESSIONS);
        } finally {
            streams.forEach(EventStream::close);
        }
    }

    private static long seconds(int seconds) {
        return Duration.ofSeconds(seconds).toNanos();
    }

    /** Until {@code nanos} ({@link System#nanoTime()}): the scenario's schedule, not a synchronisation. */
    private static void at(long nanos) {
        RedisCalls.await("the scenario's next step", TTL_SECONDS * 3, () -> System.nanoTime() - nanos >= 0);
    }
}
