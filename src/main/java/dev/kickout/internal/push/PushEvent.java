package dev.kickout.internal.push;

/**
 * One event for one session's streams.
 *
 * @param sessionId the session it is for
 * @param id        its id (a Redis stream id), sent as the SSE {@code id} and accepted back as {@code Last-Event-ID}
 * @param type      {@code FORCE_LOGOUT}, {@code SESSION_EXPIRED}, {@code EDIT_LOCK_RELEASED}, {@code LOCK_AVAILABLE}, ...
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
    /** The session expired (idle, or past its maximum lifetime); the stream closes after it. */
    public static final String SESSION_EXPIRED = "SESSION_EXPIRED";
    /**
     * Last on a stream the server closes because it reached {@code kickout.sse.max-age}: reconnect
     * (with a fresh ticket and the last event id). It carries the id of the last event sent.
     */
    public static final String RECONNECT = "RECONNECT";

    /** Whether the session's streams close after this event: its session has ended. */
    public boolean endsSession() {
        return ends(type);
    }

    /** Whether an event of this type is the last its session gets. */
    static boolean ends(String type) {
        return FORCE_LOGOUT.equals(type) || SESSION_EXPIRED.equals(type);
    }
}
