package dev.kickout.event;

import java.time.Duration;

/**
 * CDI event, fired once when failed logins reach a throttle limit: of one username from clients
 * without its device cookie (over all addresses, or from one address), from one client address, or
 * with one known device's cookie. Further such attempts are refused with 429 until the window ends.
 * Fired once per trip, not per refused attempt, so that observers (the audit trail) record one entry
 * for an attack.
 *
 * @param kind     whose failures tripped the throttle
 * @param subject  the username as typed, or (kind {@link Kind#ADDRESS}) the client address
 * @param failures failed logins counted in the window (the configured limit)
 * @param window   how long failures are counted, and at most how long the refusal lasts
 * @param address  the client address of the attempt that tripped it (null when unknown)
 *
 * @since 1.0
 */
public record LoginThrottled(Kind kind, String subject, int failures, Duration window, String address) {

    /** The event without the tripping attempt's address. */
    public LoginThrottled(Kind kind, String subject, int failures, Duration window) {
        this(kind, subject, failures, window, null);
    }

    /** Whose failures: a username's, a client address's, a username's from one address, a known device's. */
    public enum Kind {
        /** A username's, from clients without its device cookie, over all addresses. */
        USER,
        /** A client address's, whatever the username. */
        ADDRESS,
        /** A username's from one client address, without its device cookie. */
        USER_AT_ADDRESS,
        /** A username's with one known device's cookie. */
        DEVICE
    }
}
