package dev.kickout.internal.session;

import java.util.Set;

/**
 * A user the host app has authenticated: the input of {@link SessionService#open}.
 *
 * @param userId   stable id of the user (the identity store's caller unique id, else the name)
 * @param username display name
 * @param roles    roles the session grants, seen by {@code isUserInRole} and {@code SecurityContext}
 */
public record Identity(String userId, String username, Set<String> roles) {

    public Identity {
        roles = Set.copyOf(roles);
    }
}
