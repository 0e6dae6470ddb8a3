package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/**
 * 409 {@code SESSION_LIMIT}: a login refused because the user's sessions are full (MAX_SESSIONS
 * or the per-user cap, with REJECT) or would carry one device type too many.
 */
public class SessionLimitException extends KickoutException {

    private SessionLimitException(Text detail) {
        super(ProblemCode.SESSION_LIMIT, detail);
    }

    static SessionLimitException sessions(int max) {
        SessionLimitException e = new SessionLimitException(Text.of("session.limit.sessions", String.valueOf(max)));
        e.with("maxSessions", max);
        return e;
    }

    static SessionLimitException deviceTypes(int max, String deviceType) {
        SessionLimitException e = new SessionLimitException(
                Text.of("session.limit.device-types", String.valueOf(max), deviceType));
        e.with("maxDeviceTypes", max).with("deviceType", deviceType);
        return e;
    }
}
