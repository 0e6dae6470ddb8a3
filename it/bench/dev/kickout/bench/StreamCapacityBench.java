package dev.kickout.bench;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
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
 * How many event streams one WildFly (-Xmx1g under -Pbench) holds, opened in steps of 500 up to
 * 6,000 or the first failure, and how long one event takes to reach all of them.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StreamCapacityBench {

    static final int LIMIT = 6000;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("streams.war", Map.of("kickout.key-prefix", "streams",
                "kickout.login.policy", "MULTI", "kickout.sse.max-streams-per-session", "100000",
                "kickout.sse.max-streams-per-user", "100000", "kickout.sse.max-streams", "100000",
                "kickout.sse.keepalive", "PT1H", "kickout.lock.force-release-grace", "PT0S"));
    }

    @ArquillianResource
    URL base;

    @Test
    void holdAndBroadcast() throws Exception {
        Api api = new Api(base);
        Login holder = api.login("alice", "streams");
        String admin = api.login("admin", "console").token();
        List<EventStream> streams = new ArrayList<>();
        String stop = "limit";
        try {
            while (streams.size() < LIMIT) {
                EventStream stream = EventStream.open(api.request("events", holder.token()));
                if (stream.status() != 200) {
                    stop = "HTTP " + stream.status();
                    break;
                }
                streams.add(stream);
                if (streams.size() % 500 == 0 && api.get("auth/status", holder.token()).status() != 200) {
                    stop = "server stopped answering";
                    break;
                }
            }
        } catch (IllegalStateException e) {
            stop = e.getCause() == null ? e.toString() : e.getCause().toString();
        }
        int open = api.get("admin/streams", admin).assertOk(200).getInt("open");

        api.post("locks/order/broadcast", holder.token(), null).assertOk(201);
        long start = System.nanoTime();
        api.post("admin/locks/order/broadcast/release", admin, "{\"reason\":\"broadcast\"}").assertOk(200);
        long last = start;
        int reached = 0;
        for (EventStream stream : streams) {
            EventStream.Event event = stream.next(Duration.ofSeconds(30));
            if (event != null && event.type().equals("EDIT_LOCK_RELEASED")) {
                reached++;
                last = Math.max(last, event.receivedNanos());
            }
        }
        System.out.printf("[figure] one WildFly held %d concurrent event streams (server count %d; stopped by: %s); "
                + "one event reached %d of them in %.1f ms%n", streams.size(), open, stop, reached,
                (last - start) / 1e6);
        streams.forEach(EventStream::close);
    }
}
