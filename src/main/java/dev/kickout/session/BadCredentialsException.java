package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.i18n.Text;

/** 401 {@code BAD_CREDENTIALS}: the identity stores refused the login. */
public class BadCredentialsException extends KickoutException {

    BadCredentialsException() {
        super(401, "BAD_CREDENTIALS", Text.of("credentials.bad"));
    }
}
