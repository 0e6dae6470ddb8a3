package dev.kickout.spi;

import java.util.Set;

/**
 * The host's say on what a user is called inside Kickout: the id that sessions, the login policy, kicks,
 * listings and locks are keyed by. Without one, the user id is the name the container or the identity store
 * gives the caller (the identity store's caller unique id when it gives one), unchanged, as in 1.0. Write one
 * when one person can sign in under several names: a realm that ignores case, a DN
 * ({@code uid=alice,ou=people,dc=example,dc=com}) where the rest of the host says {@code alice}, or a
 * numeric account id.
 *
 * <pre>{@code
 * @ApplicationScoped
 * public class LdapUserIds implements UserIdMapping {
 *     private static final Pattern UID = Pattern.compile("(?i)uid=([^,]+),.*");
 *
 *     @Override
 *     public String userId(String name, Set<String> roles) {
 *         Matcher dn = UID.matcher(name);
 *         return dn.matches() ? dn.group(1) : name;
 *     }
 * }
 * }</pre>
 *
 * <p>It is asked for every sign-in (the module's {@code POST <root>/auth/login} and form sign-in, and a
 * container login in HttpSession mode; container security mode gets its principal from those), and for every
 * user id a host or an admin names ({@code Kickout.kickUser}, {@code Kickout.sessionsOf},
 * {@code POST <root>/admin/users/{userId}/logout}, the {@code userId} filter of the admin listings), through
 * {@link #lookup}. So a lookup of an id the mapping made must give that id back: map an id already in your form
 * to itself, as the DN example does with {@code alice}.
 *
 * <p>Case folding needs no code: {@code kickout.user-id.case=LOWER} folds every id after this mapping (or
 * the name, without one), in {@link java.util.Locale#ROOT}. The name shown with a session ({@code username})
 * stays the name the caller signed in with. A mapped id must be 1-128 characters without control characters;
 * anything else refuses the sign-in or the call with 400 {@code INVALID_REQUEST}, and nothing reaches Redis.
 * Implement it as one CDI bean of the host application (two fail the deployment); it runs on the request's
 * thread at each sign-in and lookup, not on every request: keep it quick all the same.
 *
 * @since 1.1
 */
public interface UserIdMapping {

    /**
     * The user id of a caller who has just signed in.
     *
     * @param name  the name the identity store or the container gave the caller (for the module's own sign-in
     *              the identity store's caller unique id when it gives one)
     * @param roles the roles the session will carry
     * @return the user id; 1-128 characters without control characters
     */
    String userId(String name, Set<String> roles);

    /**
     * The user id that {@code userId}, as a host's code or an admin names it, stands for. By default
     * {@link #userId(String, Set) userId(userId, Set.of())}.
     */
    default String lookup(String userId) {
        return userId(userId, Set.of());
    }
}
