package dev.kickout.spi;

import java.util.Set;

/**
 * The session a {@link LockPolicy} decides for: who signed in, with which roles, from which device.
 *
 * @param sessionId  the session's id (never its token)
 * @param userId     the host's id of the user
 * @param username   the name the user signed in with
 * @param roles      the roles the host's login gave the session
 * @param deviceType the device type it signed in as ({@code web}, {@code app}, ...)
 * @param clientId   the client id it signed in with, or null
 * @since 1.0
 */
public record Caller(String sessionId, String userId, String username, Set<String> roles, String deviceType,
                     String clientId) {

    /** Whether the session carries {@code role}. */
    public boolean hasRole(String role) {
        return roles.contains(role);
    }
}
