package dev.kickout.internal.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.session.Session;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One stream's ordering: replay first, then the live events held meanwhile, each event once, nothing after the last. */
class OpenStreamTest {

    final List<String> written = new ArrayList<>();
    final AtomicInteger done = new AtomicInteger();
    final OpenStream stream = new OpenStream(new Session("s1", "u1", "alice", "web", "c", Instant.now(), Instant.now(),
            Instant.now().plusSeconds(60), "127.0.0.1", "test", Set.of()), Instant.now().plusSeconds(600), Long.MAX_VALUE,
            sink(), sse(), s -> done.incrementAndGet());

    @Test
    void liveEventsHeldDuringTheReplayFollowItOnce() {
        stream.deliver(event("5-0", "B"));
        stream.deliver(event("6-0", "C"));
        assertEquals(List.of(), written, "nothing goes out before the replay");
        stream.start(List.of(event("4-0", "A"), event("5-0", "B")));
        stream.deliver(event("7-0", "D"));
        stream.deliver(event("6-0", "C"));
        assertEquals(List.of("4-0 A", "5-0 B", "6-0 C", "7-0 D"), written);
    }

    @Test
    void nothingFollowsTheEventThatEndsTheSession() {
        stream.start(List.of(event("1-0", "A")));
        stream.deliver(event("2-0", PushEvent.SESSION_EXPIRED));
        stream.deliver(event("3-0", "B"));
        stream.reconnect();
        assertEquals(List.of("1-0 A", "2-0 SESSION_EXPIRED"), written);
        assertTrue(stream.ended());
        assertEquals(1, done.get(), "closed once, after the last event");
    }

    @Test
    void reconnectKeepsTheResumePoint() {
        stream.reconnect();
        assertEquals(List.of(), written, "not while the replay is pending");
        stream.start(List.of(event("9-1", "A")));
        stream.reconnect();
        assertEquals(List.of("9-1 A", "9-1 RECONNECT"), written);
        assertEquals(1, done.get());
    }

    @Test
    void noKeepAliveGoesOutBeforeTheReplaySoTheResponseCanStillBeAnError() {
        stream.comment("keep-alive");
        assertEquals(List.of(), written, "a comment would commit the response");
        stream.start(List.of(event("1-0", "A")));
        stream.comment("keep-alive");
        assertEquals(List.of("1-0 A", ": keep-alive"), written);
    }

    @Test
    void idsCompareAsRedisStreamIds() {
        assertTrue(OpenStream.compare("10-0", "9-5") > 0);
        assertTrue(OpenStream.compare("9-10", "9-9") > 0);
        assertEquals(0, OpenStream.compare("9-9", "9-9"));
        assertTrue(OpenStream.compare("0-0", "") > 0);
    }

    private static PushEvent event(String id, String type) {
        return new PushEvent("s1", id, type, "{}");
    }

    private SseEventSink sink() {
        return (SseEventSink) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {SseEventSink.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "isClosed" -> false;
                    case "send" -> {
                        OutboundSseEvent event = (OutboundSseEvent) args[0];
                        written.add(event.getComment() != null ? ": " + event.getComment()
                                : event.getId() + " " + event.getName());
                        yield CompletableFuture.completedFuture(null);
                    }
                    default -> null;
                });
    }

    private Sse sse() {
        return (Sse) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Sse.class},
                (proxy, method, args) -> new Builder());
    }

    /** Just enough of an event builder: id, name, comment. */
    private static final class Builder implements OutboundSseEvent.Builder {
        private String id;
        private String name;
        private String comment;

        @Override
        public OutboundSseEvent.Builder id(String id) {
            this.id = id;
            return this;
        }

        @Override
        public OutboundSseEvent.Builder name(String name) {
            this.name = name;
            return this;
        }

        @Override
        public OutboundSseEvent.Builder reconnectDelay(long milliseconds) {
            return this;
        }

        @Override
        public OutboundSseEvent.Builder mediaType(MediaType mediaType) {
            return this;
        }

        @Override
        public OutboundSseEvent.Builder comment(String comment) {
            this.comment = comment;
            return this;
        }

        @Override
        public OutboundSseEvent.Builder data(Class type, Object data) {
            return this;
        }

        @Override
        public OutboundSseEvent.Builder data(GenericType type, Object data) {
            return this;
        }

        @Override
        public OutboundSseEvent.Builder data(Object data) {
            return this;
        }

        @Override
        public OutboundSseEvent build() {
            return (OutboundSseEvent) Proxy.newProxyInstance(OutboundSseEvent.class.getClassLoader(),
                    new Class<?>[] {OutboundSseEvent.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "getId" -> id;
                        case "getName" -> name;
                        case "getComment" -> comment;
                        default -> null;
                    });
        }
    }
}
