package dev.kickout.session;

import dev.kickout.Actor;
import dev.kickout.rest.ClientAddress;
import dev.kickout.rest.HttpRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
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
 */
@ApplicationScoped
public class CurrentSession {

    /** The request attribute the token filter leaves the checked session in. */
    static final String ATTRIBUTE = Session.REQUEST_ATTRIBUTE + ".current";

    @Inject
    HttpRequests requests;
    @Inject
    ClientAddress clients;

    public Optional<Session> get() {
        return requests.current().map(CurrentSession::of);
    }

    /** The session, or 401 TOKEN_MISSING on a path the filter does not guard. */
    public Session require() {
        return get().orElseThrow(TokenRejectedException::missing);
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
