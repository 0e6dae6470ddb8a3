package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.Actor;
import dev.kickout.internal.rest.ClientAddress;
import dev.kickout.internal.rest.HttpRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * The caller's session in the request being served. The token filter leaves it on the request; host
 * code injects this and asks:
 * <pre>{@code
 * @Inject CallerSession current;
 * String userId = current.require().userId();
 * }</pre>
 * Outside a request the filter guarded (an unguarded path, a timer, an asynchronous EJB) there is none.
 * Nothing is built for a request that does not ask: the filter only sets a request attribute.
 */
@ApplicationScoped
public class CallerSession {

    /** The request attribute the token filter leaves the checked session in. */
    static final String ATTRIBUTE = Session.REQUEST_ATTRIBUTE + ".current";
    /**
     * The request attribute that holds why a signed-in {@code HttpSession}'s request goes on unchecked
     * ({@code kickout.http-session.store-down=ALLOW} while Redis cannot serve): {@link #require()} throws it.
     */
    static final String UNCHECKED = Session.REQUEST_ATTRIBUTE + ".unchecked";

    @Inject
    HttpRequests requests;
    @Inject
    ClientAddress clients;
    @Inject
    SessionService sessions;
    @Inject
    RequestCredentials credentials;

    public Optional<Session> get() {
        return requests.current().map(CallerSession::of);
    }

    /**
     * The session, or the refusal of the request's credential. On a path the filter does not guard a
     * bearer token is checked here, so a request that carries one is never told it lacks one; a
     * cookie is not (its unsafe calls need the filter's CSRF check), and gets 401 TOKEN_MISSING.
     */
    public Session require() {
        HttpServletRequest request = requests.current().orElse(null);
        Session session = request == null ? null : of(request);
        if (session != null) {
            return session;
        }
        if (request != null && request.getAttribute(UNCHECKED) instanceof KickoutException storeDown) {
            throw storeDown;
        }
        if (request == null || !RequestCredentials.bearer(request)) {
            throw TokenRejectedException.missing();
        }
        session = sessions.authenticate(credentials.find(request).map(RequestCredentials.Credential::token).orElse(null));
        request.setAttribute(ATTRIBUTE, session);
        return session;
    }

    /**
     * Whether this request of a signed-in {@code HttpSession} goes on without its Kickout session because
     * Redis cannot serve ({@code kickout.http-session.store-down=ALLOW}): there is a caller, just no answer.
     */
    public boolean unchecked() {
        return requests.current().map(request -> request.getAttribute(UNCHECKED) != null).orElse(false);
    }

    /** The caller as an audit actor: user, session and this request's client address (behind trusted proxies). */
    public Actor actor() {
        return requests.current().filter(request -> of(request) != null)
                .map(request -> new Actor(of(request).userId(), of(request).sessionId(), clients.of(request)))
                .orElseGet(() -> new Actor(null, null, null));
    }

    private static Session of(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof Session session ? session : null;
    }
}
