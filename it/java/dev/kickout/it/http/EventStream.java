package dev.kickout.it.http;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A real Server-Sent Events connection, read on its own thread into a queue of events. */
public final class EventStream implements AutoCloseable {

    /** HTTP/1.1: the JDK client's h2c upgrade leaves the connection hanging after a cancelled stream. */
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** One event as received; {@code type} "comment" for a comment line, "end" when the stream ended. */
    public record Event(String id, String type, String data, long receivedNanos) {

        public JsonObject json() {
            try (JsonReader reader = Json.createReader(new StringReader(data))) {
                return reader.readObject();
            }
        }
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final int status;
    private final HttpHeaders headers;
    private final String body;
    private final Stream<String> lines;

    private EventStream(HttpResponse<Stream<String>> response) {
        this.status = response.statusCode();
        this.headers = response.headers();
        this.lines = response.body();
        if (status == 200) {
            this.body = null;
            Thread reader = new Thread(this::read, "sse-reader");
            reader.setDaemon(true);
            reader.start();
        } else {
            this.body = String.join("\n", lines.toList());
        }
    }

    /** Opens {@code request} (an Accept header is added) and waits for the response head. */
    public static EventStream open(HttpRequest.Builder request) {
        CompletableFuture<HttpResponse<Stream<String>>> response = CLIENT.sendAsync(
                request.header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofLines());
        try {
            return new EventStream(response.get(30, TimeUnit.SECONDS));
        } catch (Exception e) {
            throw new IllegalStateException("cannot open event stream", e);
        }
    }

    public int status() {
        return status;
    }

    /** A response header (e.g. {@code Retry-After} of a refusal), or null. */
    public String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    /** Every value of a response header, in order (several lines of one header are several values). */
    public List<String> headers(String name) {
        return headers.allValues(name);
    }

    /** The error body when the stream was refused. */
    public String body() {
        return body;
    }

    /** The next event other than comments and the STREAM_OPEN marker, or null after {@code timeout}. */
    public Event next(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Event event = events.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (event == null || !event.type().equals("comment") && !event.type().equals("STREAM_OPEN")) {
                return event;
            }
        }
    }

    /** The next item of any kind, comments included, or null after {@code timeout}. */
    public Event nextAny(Duration timeout) throws InterruptedException {
        return events.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        lines.close();
    }

    private void read() {
        String id = null;
        String type = "message";
        StringBuilder data = new StringBuilder();
        try {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        events.add(new Event(id, type, data.toString(), System.nanoTime()));
                    }
                    id = null;
                    type = "message";
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    events.add(new Event(null, "comment", line.substring(1).trim(), System.nanoTime()));
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("event:")) {
                    type = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data.append(data.length() > 0 ? "\n" : "").append(line.substring(5).trim());
                }
            }
        } catch (RuntimeException e) {
            // the connection was closed under us
        }
        events.add(new Event(null, "end", "", System.nanoTime()));
    }
}
