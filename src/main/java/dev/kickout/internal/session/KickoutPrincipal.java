package dev.kickout.internal.session;

import java.security.Principal;

/** The principal of a request authenticated by a Kickout token: named by user id. */
public record KickoutPrincipal(String userId, String username) implements Principal {

    @Override
    public String getName() {
        return userId;
    }
}
