package dev.kickout.session;

import dev.kickout.Actor;
import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;

/**
 * The caller's session, for the length of one request. The token filter fills it; host code
 * injects it:
 * <pre>{@code
 * @Inject CurrentSession current;
 * String userId = current.require().userId();
 * }</pre>
 */
@RequestScoped
public class CurrentSession {

    private Session session;
    private String requestIp;

    void set(Session session, String requestIp) {
        this.session = session;
        this.requestIp = requestIp;
    }

    public Optional<Session> get() {
        return Optional.ofNullable(session);
    }

    /** The session, or 401 TOKEN_MISSING on a path the filter does not guard. */
    public Session require() {
        if (session == null) {
            throw TokenRejectedException.missing();
        }
        return session;
    }

    /** The caller as an audit actor: user, session and this request's IP. */
    public Actor actor() {
        return session == null ? new Actor(null, null, requestIp) : new Actor(session.userId(), session.sessionId(), requestIp);
    }
}
