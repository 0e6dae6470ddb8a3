package dev.kickout.push;

import dev.kickout.config.KickoutConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The open event streams of this app-server instance, by session: the one owner of every
 * {@link SseEventSink}. Streams leave on a failed send, on close, on {@code FORCE_LOGOUT}, and when
 * their session opens one too many; a keep-alive comment every {@code kickout.sse.keepalive}
 * finds the dead ones.
 */
@ApplicationScoped
public class SseHub {

    @Inject
    KickoutConfig config;

    private final Map<String, List<EventStream>> streams = new ConcurrentHashMap<>();
    private ScheduledExecutorService keepAlive;

    @PostConstruct
    void start() {
        keepAlive = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "kickout-sse-keepalive");
            thread.setDaemon(true);
            return thread;
        });
        long period = config.sseKeepalive().toMillis();
        keepAlive.scheduleAtFixedRate(this::keepAlive, period, period, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        keepAlive.shutdownNow();
        streams.values().forEach(list -> list.forEach(EventStream::close));
        streams.clear();
    }

    /**
     * Adds a stream for a session: sends what it missed since {@code lastEventId} (from
     * {@code missed}), then live events. Opening more than the per-session cap closes the oldest.
     */
    void open(String sessionId, SseEventSink sink, Sse sse, List<PushEvent> missed) {
        EventStream stream = new EventStream(sink, sse);
        List<EventStream> own = streams.computeIfAbsent(sessionId, id -> new CopyOnWriteArrayList<>());
        own.add(stream);
        while (own.size() > config.sseMaxStreams()) {
            close(sessionId, own.get(0));
        }
        for (PushEvent event : missed) {
            deliver(sessionId, stream, event);
        }
    }

    /** Sends an event to the session's streams on this instance. */
    void deliver(PushEvent event) {
        for (EventStream stream : streams.getOrDefault(event.sessionId(), List.of())) {
            deliver(event.sessionId(), stream, event);
        }
    }

    /** Open streams on this instance, for metrics and tests. */
    public int openStreams() {
        return streams.values().stream().mapToInt(List::size).sum();
    }

    private void deliver(String sessionId, EventStream stream, PushEvent event) {
        boolean last = PushEvent.FORCE_LOGOUT.equals(event.type());
        stream.send(event).whenComplete((sent, failure) -> {
            if (failure != null || last) {
                close(sessionId, stream);
            }
        });
    }

    private void keepAlive() {
        streams.forEach((sessionId, list) -> list.forEach(stream -> stream.comment("keep-alive")
                .whenComplete((sent, failure) -> {
                    if (failure != null) {
                        close(sessionId, stream);
                    }
                })));
    }

    private void close(String sessionId, EventStream stream) {
        stream.close();
        streams.computeIfPresent(sessionId, (id, list) -> {
            list.remove(stream);
            return list.isEmpty() ? null : list;
        });
    }

    /** One open stream; sends are serialised and skip events it already had. */
    private static final class EventStream {

        private final SseEventSink sink;
        private final Sse sse;
        private String lastId = "";

        EventStream(SseEventSink sink, Sse sse) {
            this.sink = sink;
            this.sse = sse;
        }

        /** Writes the event unless this stream already had it; completes when written. */
        synchronized CompletionStage<?> send(PushEvent event) {
            if (!event.id().isEmpty() && compare(event.id(), lastId) <= 0) {
                return CompletableFuture.completedFuture(null);
            }
            lastId = event.id();
            return write(sse.newEventBuilder().id(event.id()).name(event.type())
                    .data(String.class, event.data()).build());
        }

        synchronized CompletionStage<?> comment(String text) {
            return write(sse.newEventBuilder().comment(text).build());
        }

        private CompletionStage<?> write(OutboundSseEvent event) {
            if (sink.isClosed()) {
                return CompletableFuture.failedFuture(new IllegalStateException("closed"));
            }
            try {
                return sink.send(event);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        void close() {
            try {
                sink.close();
            } catch (RuntimeException e) {
                // already gone: the client disconnected
            }
        }

        /** Orders event ids "millis-seq" ("" first). */
        private static int compare(String a, String b) {
            if (b.isEmpty()) {
                return 1;
            }
            String[] x = a.split("-");
            String[] y = b.split("-");
            int byTime = Long.compareUnsigned(Long.parseUnsignedLong(x[0]), Long.parseUnsignedLong(y[0]));
            return byTime != 0 ? byTime : Long.compareUnsigned(Long.parseUnsignedLong(x[1]), Long.parseUnsignedLong(y[1]));
        }
    }
}
