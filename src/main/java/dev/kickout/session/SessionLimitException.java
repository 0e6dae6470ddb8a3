package dev.kickout.session;

import dev.kickout.KickoutException;

/** 409 {@code SESSION_LIMIT}: the MAX_SESSIONS policy with REJECT refused one login too many. */
public class SessionLimitException extends KickoutException {

    SessionLimitException(int max) {
        super(409, "SESSION_LIMIT", "This account already has " + max + " sessions; sign out of one first");
        with("maxSessions", max);
    }
}
