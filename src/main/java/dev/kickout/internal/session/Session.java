package dev.kickout.internal.session;

import dev.kickout.SessionView;
import java.time.Instant;
import java.util.Set;

/**
 * A live session as the module knows it. Never carries the token: sessions are named by
 * {@link #sessionId()}, which cannot be turned back into a token.
 */
public record Session(String sessionId, String userId, String username, String deviceType, String clientId,
                      Instant loginTime, Instant lastSeen, Instant expiresAt, String ip, String userAgent,
                      Set<String> roles) {

    /**
     * Request attribute holding the session an authentication mechanism already validated in this
     * request (container security mode), which the token filter then reuses instead of checking again.
     */
    public static final String REQUEST_ATTRIBUTE = "dev.kickout.session";

    /** Request attribute holding the mechanism's refusal of this request's token, for the token filter to answer with. */
    public static final String REFUSAL_ATTRIBUTE = REQUEST_ATTRIBUTE + ".refusal";

    /** Whether {@code value} has the shape of a session id (checked before any key is built from it). */
    public static boolean isSessionId(String value) {
        return value != null && value.length() <= 128 && Tokens.isSessionId(value);
    }

    /** The public view of this session; {@code current} marks the caller's own. */
    public SessionView view(boolean current) {
        return new SessionView(sessionId, userId, username, deviceType, clientId, loginTime, lastSeen, expiresAt,
                ip, userAgent, current);
    }
}
