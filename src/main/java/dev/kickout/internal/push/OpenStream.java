package dev.kickout.internal.push;

import dev.kickout.internal.session.Session;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * One open stream of one session. Events go out in id order and at most once: live events that
 * arrive while the replay is still being read are held, then sent after it, skipping those the
 * replay already carried. Sends are serialised on this object.
 */
final class OpenStream {

    final String sessionId;
    final String userId;
    /** When the session's maximum lifetime ends, as far as this stream can know (login + max lifetime). */
    final Instant capAt;
    /** {@link System#nanoTime()} after which the stream is closed for its age. */
    final long closeAtNanos;

    private final SseEventSink sink;
    private final Sse sse;
    private final Consumer<OpenStream> onDone;
    private volatile Instant knownExpiry;
    /** {@link System#nanoTime()} at which the session is re-read: at once when new, then at its known expiry. */
    private volatile long recheckAtNanos;
    private String lastId = "";
    private List<PushEvent> held = new ArrayList<>();
    /** Completes once the events held during the replay are written. */
    private final CompletableFuture<Void> heldWritten = new CompletableFuture<>();
    private volatile boolean ended;

    OpenStream(Session session, Instant capAt, long closeAtNanos, SseEventSink sink, Sse sse,
               Consumer<OpenStream> onDone) {
        this.sessionId = session.sessionId();
        this.userId = session.userId();
        this.capAt = capAt;
        this.closeAtNanos = closeAtNanos;
        this.knownExpiry = session.expiresAt();
        // when the session was read is not known here, and this server's clock must not guess it
        this.recheckAtNanos = System.nanoTime();
        this.sink = sink;
        this.sse = sse;
        this.onDone = onDone;
    }

    /** The session's expiry as last read; re-checked once it has passed. */
    Instant knownExpiry() {
        return knownExpiry;
    }

    /** Whether its last event has gone out (or is going out): nothing more will be sent. */
    boolean ended() {
        return ended;
    }

    /** Whether the session is due for a re-read at {@code nanos} ({@link System#nanoTime()}). */
    boolean due(long nanos) {
        return nanos - recheckAtNanos >= 0;
    }

    /**
     * The session, read at Redis time {@code readAt}, expires at {@code expiresAt} (Redis's clock):
     * the time left is measured from now on this server's monotonic clock, never its wall clock.
     */
    void slid(Instant expiresAt, Instant readAt) {
        knownExpiry = expiresAt;
        recheckAtNanos = System.nanoTime() + Math.max(0, Duration.between(readAt, expiresAt).toNanos());
    }

    /** Sends the replay, then the live events held meanwhile; from now on live events go out at once. */
    synchronized void start(List<PushEvent> replay) {
        List<PushEvent> live = held;
        held = null;
        replay.forEach(this::write);
        live.forEach(this::write);
        heldWritten.complete(null);
    }

    /** A live event: held until the replay is sent, else sent now. Completes once it is written (or failed). */
    synchronized CompletionStage<?> deliver(PushEvent event) {
        if (held != null) {
            held.add(event);
            return heldWritten;
        }
        return write(event);
    }

    /** Tells the client to reconnect (the id is the last one sent, so its resume point stays), then ends. */
    synchronized void reconnect() {
        if (ended || held != null) {
            return;
        }
        ended = true;
        OutboundSseEvent.Builder event = sse.newEventBuilder().name(PushEvent.RECONNECT).data(String.class, "{}");
        if (!lastId.isEmpty()) {
            event.id(lastId);
        }
        write(event.build()).whenComplete((sent, failure) -> onDone.accept(this));
    }

    /**
     * A comment (the keep-alive); nothing before the replay is sent, so that until then the response
     * stays free for an error status.
     */
    synchronized CompletionStage<?> comment(String text) {
        if (held != null) {
            return CompletableFuture.completedFuture(null);
        }
        return write(sse.newEventBuilder().comment(text).build());
    }

    void close() {
        try {
            sink.close();
        } catch (RuntimeException e) {
            // already gone: the client disconnected
        }
    }

    private CompletionStage<?> write(PushEvent event) {
        if (ended || !event.id().isEmpty() && compare(event.id(), lastId) <= 0) {
            return CompletableFuture.completedFuture(null);
        }
        lastId = event.id();
        ended = event.endsSession();
        boolean last = ended;
        return write(sse.newEventBuilder().id(event.id()).name(event.type()).data(String.class, event.data()).build())
                .whenComplete((sent, failure) -> {
                    if (failure != null || last) {
                        onDone.accept(this);
                    }
                });
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

    /** Orders event ids "millis-seq" ("" first). */
    static int compare(String a, String b) {
        if (b.isEmpty()) {
            return 1;
        }
        String[] x = a.split("-");
        String[] y = b.split("-");
        int byTime = Long.compareUnsigned(Long.parseUnsignedLong(x[0]), Long.parseUnsignedLong(y[0]));
        return byTime != 0 ? byTime : Long.compareUnsigned(Long.parseUnsignedLong(x[1]), Long.parseUnsignedLong(y[1]));
    }
}
