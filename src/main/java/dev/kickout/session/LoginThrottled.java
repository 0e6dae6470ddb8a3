package dev.kickout.session;

import java.time.Duration;

/**
 * CDI event, fired once when failed logins of one username or from one client address reach the
 * throttle limit; further attempts are refused with 429 until the window ends. Fired once per trip,
 * not per refused attempt, so that observers (the audit trail) record one entry for an attack.
 *
 * @param kind     whose failures tripped the throttle
 * @param subject  the username as typed, or the client address
 * @param failures failed logins counted in the window (the configured limit)
 * @param window   how long failures are counted, and at most how long the refusal lasts
 */
public record LoginThrottled(Kind kind, String subject, int failures, Duration window) {

    /** A username's failures, or a client address's. */
    public enum Kind { USER, ADDRESS }
}
