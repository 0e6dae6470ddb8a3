package dev.kickout.internal.admin;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/** 403 {@code FORBIDDEN}: authenticated, but without the admin role. */
public class ForbiddenException extends KickoutException {

    ForbiddenException(String role) {
        super(ProblemCode.FORBIDDEN, Text.of("forbidden.role", role));
    }
}
