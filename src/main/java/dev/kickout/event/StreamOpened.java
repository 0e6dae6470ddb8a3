package dev.kickout.event;

/**
 * CDI event fired, synchronously on the request's thread, when an event stream of a session has
 * been registered and before its replay is read: whatever an observer sends to that session with
 * {@link dev.kickout.Kickout#send} reaches the new stream, exactly once and in id order. An extension point, e.g.
 * to send a page its current state as it connects:
 *
 * <pre>{@code
 * void onOpened(@Observes StreamOpened opened) {
 *     kickout.send(opened.sessionId(), "INBOX_COUNT", Map.of("unread", inbox.unread(opened.userId())));
 * }
 * }</pre>
 * An observer that throws refuses the stream with its error (the response has not started).
 *
 * @param sessionId the session the stream belongs to
 * @param userId    its user
 *
 * @since 1.0
 */
public record StreamOpened(String sessionId, String userId) {
}
