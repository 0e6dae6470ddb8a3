package dev.kickout.internal.security;

import dev.kickout.KickoutException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.Problems;
import dev.kickout.internal.session.CookieGate;
import dev.kickout.internal.session.KickoutPrincipal;
import dev.kickout.internal.session.RequestCredentials;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionService;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Container security mode: validates the request's Kickout session and tells the container who
 * the caller is, with the session's roles mapped to the host's groups
 * ({@code kickout.container-security.role-map}).
 *
 * <ul>
 * <li>a live session: the container knows the caller; the session is left in the request
 *     ({@link Session#REQUEST_ATTRIBUTE}) so the token filter does not check it again;</li>
 * <li>a refused token (kicked, replaced, signed out, expired, unknown; 503 when Redis cannot
 *     answer): on a resource the container protects, the filter's problem body; elsewhere the
 *     caller stays anonymous and the refusal is left for the filter ({@link Session#REFUSAL_ATTRIBUTE});</li>
 * <li>no token: 401 {@code TOKEN_MISSING} on a protected resource, else anonymous.</li>
 * </ul>
 * The token comes from where the filter takes it ({@link RequestCredentials}: the bearer header,
 * or in cookie mode the session cookie), and a cookie-borne unsafe request needs its CSRF token
 * here too, so a resource only the container guards is not open to cross-site posts.
 * Exists only with {@code kickout.container-security.enabled=true} ({@link ContainerSecuritySwitch}):
 * any such bean turns Jakarta Security on for the whole WAR.
 */
@ApplicationScoped
public class KickoutAuthenticationMechanism implements HttpAuthenticationMechanism {

    @Inject
    SessionService sessions;
    @Inject
    KickoutConfig config;
    @Inject
    RequestCredentials credentials;
    @Inject
    CookieGate cookieGate;

    private RoleMap roles;

    @PostConstruct
    void init() {
        roles = RoleMap.parse(config.containerSecurityRoleMap());
    }

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        RequestCredentials.Credential credential;
        try {
            credential = credentials.find(request).orElse(null);
        } catch (KickoutException e) {
            return refuse(e, request, response, context, null);
        }
        if (credential == null && !context.isProtected()) {
            return context.doNothing();
        }
        Session session;
        try {
            session = sessions.authenticate(credential == null ? null : credential.token());
            cookieGate.checkCsrf(request, credential);
        } catch (KickoutException e) {
            return refuse(e, request, response, context, credential);
        } catch (RuntimeException e) {
            return refuse(Problems.unexpected(e), request, response, context, credential);
        }
        request.setAttribute(Session.REQUEST_ATTRIBUTE, session);
        return context.notifyContainerAboutLogin(new KickoutPrincipal(session.userId(), session.username()),
                roles.map(session.roles()));
    }

    private AuthenticationStatus refuse(KickoutException refusal, HttpServletRequest request,
                                        HttpServletResponse response, HttpMessageContext context,
                                        RequestCredentials.Credential credential) {
        if (!context.isProtected()) {
            request.setAttribute(Session.REFUSAL_ATTRIBUTE, refusal);
            return context.doNothing();
        }
        try {
            // the filter's answer: the problem body, or for a cookie-mode page load the sign-in page
            cookieGate.refuse(request, response, credential, refusal);
            // committed, so that the container cannot swap the body for its own error page (WildFly 39 does)
            response.flushBuffer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return AuthenticationStatus.SEND_FAILURE;
    }
}
