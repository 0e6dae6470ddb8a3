package dev.kickout.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Many idle event streams multiplexed over few HTTP/2 connections (cleartext, upgraded from HTTP/1.1), for
 * {@link WrkBench}: tens of thousands of HTTP/1.1 streams need as many open files on each side, more than a
 * process may have on some machines. Each connection is one JDK {@link HttpClient} whose first request upgrades
 * it to HTTP/2; its streams follow on the same connection. Like {@link RawStreams}, the client only looks for
 * marker strings in what arrives and notes when each stream first showed one.
 */
final class Http2Streams implements EventStreams {

    /** What a stream's text is searched in: what arrived last, plus enough of the earlier text for a split marker. */
    private static final int CARRY = 64;

    /**
     * How often each connection sends a request of its own: a server closes an HTTP/2 connection on which the client
     * sent nothing for its read timeout (WildFly's listener: 90 s), streams and all, as a browser's page that only
     * listens would see too.
     */
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(30);

    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final ScheduledExecutorService keepAlive = Executors.newSingleThreadScheduledExecutor();
    /** Kept: a JDK client no longer referenced may stop, and its connection with it. */
    private final List<HttpClient> clients = new ArrayList<>();
    private final List<Stream> streams = new ArrayList<>();
    /** What {@link #await} waits for, and how many streams that may still show it have not. */
    private String marker;
    private int remaining;

    private Http2Streams() {
    }

    /** One stream: its status once answered, and when it first showed the marker (0: not yet). */
    private final class Stream implements HttpResponse.BodyHandler<Void>, HttpResponse.BodySubscriber<Void> {
        volatile int status;
        volatile Flow.Subscription subscription;
        long markedNanos;
        boolean ended;
        volatile Throwable error;
        String carry = "";

        @Override
        public HttpResponse.BodySubscriber<Void> apply(HttpResponse.ResponseInfo info) {
            status = info.statusCode();
            if (status != 200) {
                ended(this);
            }
            return this;
        }

        @Override
        public CompletionStage<Void> getBody() {
            return new CompletableFuture<>();
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            StringBuilder text = new StringBuilder(carry);
            buffers.forEach(buffer -> text.append(StandardCharsets.UTF_8.decode(buffer)));
            carry = text.substring(Math.max(0, text.length() - CARRY));
            arrived(this, text);
        }

        @Override
        public void onError(Throwable throwable) {
            error = throwable;
            ended(this);
        }

        @Override
        public void onComplete() {
            ended(this);
        }
    }

    private synchronized void arrived(Stream stream, CharSequence text) {
        if (stream.markedNanos == 0 && !stream.ended && marker != null && text.toString().contains(marker)) {
            stream.markedNanos = System.nanoTime();
            counted();
        }
    }

    private synchronized void ended(Stream stream) {
        if (!stream.ended) {
            stream.ended = true;
            if (stream.markedNanos == 0) {
                counted();
            }
        }
    }

    private void counted() {
        if (--remaining == 0) {
            notifyAll();
        }
    }

    /**
     * Opens up to {@code count} streams of {@code events} with the bearer {@code token}, {@code perConnection} on each
     * HTTP/2 connection, each until it showed {@code opened} (the server's first event); stops at the first answer
     * other than 200.
     *
     * @throws IllegalStateException a connection did not become HTTP/2 (the server's listener does not offer it)
     */
    static Http2Streams open(URI events, String token, int count, int perConnection, String opened, Duration timeout)
            throws IOException, InterruptedException {
        Http2Streams h2 = new Http2Streams();
        while (h2.streams.size() < count && h2.refusal() == null) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).executor(h2.executor)
                    .connectTimeout(timeout).build();
            h2.clients.add(client);
            // the first request upgrades the connection; the streams then share it instead of opening their own
            HttpRequest small = HttpRequest.newBuilder(events.resolve("..")).build();
            HttpResponse<Void> upgrade = client.send(small, HttpResponse.BodyHandlers.discarding());
            if (upgrade.version() != HttpClient.Version.HTTP_2) {
                throw new IllegalStateException("the server answered " + upgrade.version() + ", not HTTP/2 (h2c)");
            }
            h2.keepAlive.scheduleAtFixedRate(() -> client.sendAsync(small, HttpResponse.BodyHandlers.discarding()),
                    KEEP_ALIVE.toMillis(), KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS);
            int fresh = Math.min(perConnection, count - h2.streams.size());
            synchronized (h2) {
                h2.marker = opened;
                h2.remaining = fresh;
            }
            for (int i = 0; i < fresh; i++) {
                Stream stream = h2.new Stream();
                synchronized (h2) {
                    h2.streams.add(stream);
                }
                client.sendAsync(HttpRequest.newBuilder(events).header("Authorization", "Bearer " + token)
                        .header("Accept", "text/event-stream").build(), stream);
            }
            h2.await(timeout);
        }
        h2.expect(null);
        return h2;
    }

    /** Forgets which streams showed a marker and watches for {@code marker}: streams are read as data arrives. */
    @Override
    public synchronized void expect(String marker) {
        streams.forEach(stream -> {
            stream.markedNanos = 0;
            stream.carry = "";
        });
        this.marker = marker;
    }

    @Override
    public synchronized String refusal() {
        return streams.stream().filter(stream -> stream.status != 0 && stream.status != 200 || stream.ended)
                .map(stream -> stream.status != 200 ? "HTTP " + stream.status
                        : "a stream that ended" + (stream.error == null ? "" : " (" + stream.error + ")")).findFirst()
                .orElse(null);
    }

    @Override
    public synchronized int held() {
        return (int) streams.stream().filter(stream -> stream.status == 200 && !stream.ended).count();
    }

    @Override
    public long[] awaitAll(Duration timeout) throws InterruptedException {
        synchronized (this) {
            remaining = (int) streams.stream().filter(stream -> !stream.ended && stream.markedNanos == 0).count();
        }
        await(timeout);
        synchronized (this) {
            return streams.stream().mapToLong(stream -> stream.markedNanos).toArray();
        }
    }

    /** Waits until every stream that may still show the marker did, or {@code timeout} passed. */
    private synchronized void await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (remaining > 0 && System.nanoTime() < deadline) {
            wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
    }

    @Override
    public void close() {
        // cancelling a stream's subscription resets that HTTP/2 stream; the connections go with their clients
        streams.forEach(stream -> {
            if (stream.subscription != null) {
                stream.subscription.cancel();
            }
        });
        keepAlive.shutdownNow();
        executor.shutdownNow();
    }
}
