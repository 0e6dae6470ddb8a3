package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/** 401 {@code BAD_CREDENTIALS}: the identity stores refused the login. */
public class BadCredentialsException extends KickoutException {

    BadCredentialsException() {
        super(ProblemCode.BAD_CREDENTIALS, Text.of("credentials.bad"));
    }
}
