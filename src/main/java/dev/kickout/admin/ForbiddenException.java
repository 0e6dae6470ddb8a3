package dev.kickout.admin;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/** 403 {@code FORBIDDEN}: authenticated, but without the admin role. */
public class ForbiddenException extends KickoutException {

    ForbiddenException(String role) {
        super(ProblemCode.FORBIDDEN, "This needs the '" + role + "' role");
    }
}
