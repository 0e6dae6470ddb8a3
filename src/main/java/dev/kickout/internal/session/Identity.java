package dev.kickout.internal.session;

import java.util.Set;

/**
 * A user the host app has authenticated: the input of {@link SessionService#open}.
 *
 * @param userId   the user id every key is built from, as {@link UserIds#signedIn} made it
 * @param username display name: the name the caller signed in with
 * @param roles    roles the session grants, seen by {@code isUserInRole} and {@code SecurityContext}
 */
public record Identity(String userId, String username, Set<String> roles) {

    public Identity {
        roles = Set.copyOf(roles);
    }
}
