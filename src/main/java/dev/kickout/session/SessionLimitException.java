package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/**
 * 409 {@code SESSION_LIMIT}: a login refused because the user's sessions are full (MAX_SESSIONS
 * or the per-user cap, with REJECT) or would carry one device type too many.
 */
public class SessionLimitException extends KickoutException {

    private SessionLimitException(String detail) {
        super(ProblemCode.SESSION_LIMIT, detail);
    }

    static SessionLimitException sessions(int max) {
        SessionLimitException e = new SessionLimitException(
                "This account already has " + max + " sessions; sign out of one first");
        e.with("maxSessions", max);
        return e;
    }

    static SessionLimitException deviceTypes(int max, String deviceType) {
        SessionLimitException e = new SessionLimitException("This account's sessions already use " + max
                + " different device types; sign out of all sessions of one of them, or sign in with a device"
                + " type already in use, before signing in as '" + deviceType + "'");
        e.with("maxDeviceTypes", max).with("deviceType", deviceType);
        return e;
    }
}
