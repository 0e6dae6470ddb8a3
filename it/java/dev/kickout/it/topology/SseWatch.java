package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.support.Wait;
import java.time.Duration;

/**
 * An event stream of one session on one instance that, like the JS client, reconnects with
 * {@code Last-Event-ID} when it ends; so a stream cut by a failover may resume, and must then
 * still receive what is published afterwards.
 */
final class SseWatch implements AutoCloseable {

    private final Api api;
    private final String token;
    private final String name;
    private EventStream stream;
    private String lastEventId;
    private int reconnects;

    SseWatch(Api api, String token, String name) throws InterruptedException {
        this.api = api;
        this.token = token;
        this.name = name;
        this.stream = open(null, Duration.ofSeconds(30));
    }

    int reconnects() {
        return reconnects;
    }

    /** Reads what arrived so far; reconnects (with the last event id) if the stream ended. */
    void keepOpen(Duration max) throws InterruptedException {
        for (Event event = stream.nextAny(Duration.ZERO); event != null; event = stream.nextAny(Duration.ZERO)) {
            if (event.id() != null) {
                lastEventId = event.id();
            }
            if (event.type().equals("end")) {
                stream.close();
                stream = open(lastEventId, max);
                reconnects++;
                return;
            }
        }
    }

    /** The next event other than comments; fails if the stream ends or nothing comes within {@code max}. */
    Event next(Duration max) throws InterruptedException {
        Event event = stream.next(max);
        assertNotNull(event, () -> "no event on the stream on " + name + " within " + max);
        return event;
    }

    @Override
    public void close() {
        stream.close();
    }

    /** Opens the stream, retrying while the store answers 503 (a failover), until {@code max}. */
    private EventStream open(String resumeFrom, Duration max) throws InterruptedException {
        EventStream[] tried = {null};
        Wait.atMost(max, () -> (tried[0] = EventStream.open(resumeFrom == null ? api.request("events", token)
                : api.request("events", token).header("Last-Event-ID", resumeFrom))).status() != 503);
        EventStream opened = tried[0];
        assertEquals(200, opened.status(), () -> "stream on " + name + ": " + opened.body());
        if (resumeFrom == null) {
            Event first = opened.nextAny(Duration.ofSeconds(10));
            while (first != null && first.type().equals("comment")) {
                first = opened.nextAny(Duration.ofSeconds(10));
            }
            assertEquals("STREAM_OPEN", first == null ? null : first.type(), "first event on " + name);
            lastEventId = first.id();
        }
        return opened;
    }
}
