package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.rest.ProblemWriter;
import dev.kickout.rest.Problems;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Checks the bearer token (or, in cookie mode, the session cookie: {@link RequestCredentials}) of
 * every guarded request ({@code kickout.filter.include} / {@code .exclude}): a live session
 * continues with its principal and roles, anything else gets a 401 problem saying why (or, for a
 * page load in cookie mode, the sign-in page: {@link CookieGate}), and an unreachable Redis a 503. Async-capable so SSE streams survive.
 */
@WebFilter(filterName = "kickout-token-filter", urlPatterns = "/*", asyncSupported = true)
public class TokenFilter extends HttpFilter {

    @Inject
    SessionService sessions;
    @Inject
    CurrentSession current;
    @Inject
    KickoutConfig config;
    @Inject
    ProblemWriter problems;
    @Inject
    RequestCredentials credentials;
    @Inject
    CookieGate cookieGate;

    private PathRules rules;

    @Override
    public void init() {
        rules = new PathRules(config.filterInclude(), config.filterExclude());
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // decoded and normalised by the container, unlike getRequestURI()
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!rules.guards(path) || cookieGate.isSignInPage(path)) {
            chain.doFilter(request, response);
            return;
        }
        RequestCredentials.Credential credential = credentials.find(request).orElse(null);
        Session session;
        try {
            session = sessions.authenticate(credential == null ? null : credential.token());
            cookieGate.checkCsrf(request, credential);
        } catch (KickoutException e) {
            cookieGate.refuse(request, response, credential, e);
            return;
        } catch (RuntimeException e) {
            problems.write(response, Problems.unexpected(e));
            return;
        }
        current.set(session, request.getRemoteAddr());
        chain.doFilter(new SessionRequest(request, session), response);
    }
}
