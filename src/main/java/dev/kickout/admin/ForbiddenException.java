package dev.kickout.admin;

import dev.kickout.KickoutException;

/** 403 {@code FORBIDDEN}: authenticated, but without the admin role. */
public class ForbiddenException extends KickoutException {

    ForbiddenException(String role) {
        super(403, "FORBIDDEN", "This needs the '" + role + "' role");
    }
}
