package dev.kickout.push;

/**
 * One event for one session's streams.
 *
 * @param sessionId the session it is for
 * @param id        its id (a Redis stream id), sent as the SSE {@code id} and accepted back as {@code Last-Event-ID}
 * @param type      {@code FORCE_LOGOUT}, {@code EDIT_LOCK_RELEASED}, {@code LOCK_AVAILABLE}, ...
 * @param data      the JSON payload
 */
public record PushEvent(String sessionId, String id, String type, String data) {

    public static final String FORCE_LOGOUT = "FORCE_LOGOUT";
    public static final String EDIT_LOCK_RELEASED = "EDIT_LOCK_RELEASED";
    public static final String LOCK_AVAILABLE = "LOCK_AVAILABLE";
    /**
     * First on a stream opened without {@code Last-Event-ID}: carries the id to resume from, so that
     * events fired while the stream is down are replayed even before its first real event.
     */
    public static final String STREAM_OPEN = "STREAM_OPEN";
}
