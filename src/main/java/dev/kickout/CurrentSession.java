package dev.kickout;

import dev.kickout.internal.session.CallerSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The caller's session in the request being served. The token filter leaves it on the request; host
 * code injects this and asks:
 * <pre>{@code
 * @Inject CurrentSession current;
 * String userId = current.require().userId();
 * }</pre>
 * Outside a request the filter guarded (an unguarded path, a timer, an asynchronous EJB) there is none.
 * Nothing is built for a request that does not ask: the filter only sets a request attribute.
 *
 * @since 1.0
 */
@ApplicationScoped
public class CurrentSession {

    @Inject
    CallerSession caller;

    /** The caller's session ({@code current} is true), or empty outside a request with a valid session. */
    public Optional<SessionView> get() {
        return caller.get().map(session -> session.view(true));
    }

    /**
     * The caller's session, or the refusal of the request's credential (a {@link KickoutException} with
     * 401 {@code TOKEN_MISSING}, {@code KICKED} and so on, which the module answers as problem+json; in
     * HttpSession mode with {@code kickout.http-session.store-down=ALLOW}, 503 {@code STORE_UNAVAILABLE} while
     * Redis cannot serve and the container's identity alone serves the request).
     */
    public SessionView require() {
        return caller.require().view(true);
    }

    /** Whether the caller's session carries {@code role} (the roles the host's login gave it). */
    public boolean hasRole(String role) {
        return caller.get().map(session -> session.roles().contains(role)).orElse(false);
    }

    /** The caller as an audit actor: user, session and this request's client address (behind trusted proxies). */
    public Actor actor() {
        return caller.actor();
    }
}
