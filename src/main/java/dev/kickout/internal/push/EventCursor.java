package dev.kickout.internal.push;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Text;
import java.util.regex.Pattern;
import org.redisson.api.stream.StreamMessageId;

/**
 * Where a reconnecting stream resumes: the {@code Last-Event-ID} header, else {@code ?lastEventId=}.
 * An event id is {@code <millis>-<sequence>}, two decimal numbers of at most 19 digits, each at most
 * 2<sup>63</sup>-1 (every id the server hands out is far below). Anything else is a 400, answered
 * before a ticket is spent or a stream counts against a cap: an id the server never gave cannot say
 * what was missed, and replaying everything instead would hide the client's bug. A valid id beyond
 * the newest event replays nothing.
 */
final class EventCursor {

    private static final Pattern FORM = Pattern.compile("[0-9]{1,19}-[0-9]{1,19}");

    private EventCursor() {
    }

    /** The id to resume after; null when neither is given (an empty value counts as not given). */
    static StreamMessageId of(String header, String query) {
        String text = header != null && !header.isEmpty() ? header : query;
        if (text == null || text.isEmpty()) {
            return null;
        }
        StreamMessageId id = parse(text);
        if (id == null) {
            throw new InvalidRequestException(Text.of("events.last-event-id"));
        }
        return id;
    }

    /** Parses an event id; null if it is not one. */
    static StreamMessageId parse(String text) {
        if (text == null || !FORM.matcher(text).matches()) {
            return null;
        }
        int dash = text.indexOf('-');
        try {
            return new StreamMessageId(Long.parseLong(text.substring(0, dash)), Long.parseLong(text.substring(dash + 1)));
        } catch (NumberFormatException e) {
            return null; // beyond 2^63-1: no event has such an id
        }
    }
}
