package dev.kickout.session;

import dev.kickout.KickoutException;

/** 401 {@code BAD_CREDENTIALS}: the identity stores refused the login. */
public class BadCredentialsException extends KickoutException {

    BadCredentialsException() {
        super(401, "BAD_CREDENTIALS", "Unknown user or wrong password");
    }
}
