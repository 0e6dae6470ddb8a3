package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/** 401 {@code BAD_CREDENTIALS}: the identity stores refused the login. */
public class BadCredentialsException extends KickoutException {

    BadCredentialsException() {
        super(ProblemCode.BAD_CREDENTIALS, "Unknown user or wrong password");
    }
}
