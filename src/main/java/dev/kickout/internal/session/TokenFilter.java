package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.ModuleGate;
import dev.kickout.internal.rest.ProblemWriter;
import dev.kickout.internal.rest.Problems;
import jakarta.inject.Inject;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Checks the bearer token (or, in cookie mode, the session cookie: {@link RequestCredentials}) of
 * every guarded request ({@code kickout.filter.include} / {@code .exclude}): a live session
 * continues with its principal and roles, anything else gets a 401 problem saying why (or, for a
 * page load in cookie mode, the sign-in page: {@link CookieGate}), and an unreachable Redis a 503.
 * In HttpSession mode a caller the container signed in is followed instead ({@link HttpSessionLogins}).
 * Declared in the module's {@code web-fragment.xml} (async-capable so SSE streams survive; ordered
 * before the host's filters, so they see the principal); {@code kickout.enabled=false} and CORS
 * preflights pass straight through ({@link FilterScope}).
 */
public class TokenFilter extends HttpFilter {

    @Inject
    SessionService sessions;
    @Inject
    KickoutConfig config;
    @Inject
    ProblemWriter problems;
    @Inject
    RequestCredentials credentials;
    @Inject
    CookieGate cookieGate;
    @Inject
    HttpSessionLogins httpSessions;

    // settings, read once: every request asks
    private boolean enabled;
    private boolean followHttpSessions;
    private FilterScope.Scope rules;
    private String signInPage;

    @Override
    public void init() {
        config.followSessionTimeout(getServletContext());
        enabled = config.enabled();
        followHttpSessions = enabled && httpSessions.enabled();
        rules = FilterScope.rules(config, getServletContext());
        signInPage = cookieGate.signInPage();
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // decoded and normalised by the container, unlike getRequestURI()
        String pathInfo = request.getPathInfo();
        String path = pathInfo == null ? request.getServletPath() : request.getServletPath() + pathInfo;
        if (request.getDispatcherType() == DispatcherType.FORWARD) {
            // mapped for the container's forward to its login page, in HttpSession mode
            if (followHttpSessions) {
                httpSessions.forwarded(request);
            }
            chain.doFilter(request, response);
            return;
        }
        if (!enabled || FilterScope.preflight(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (followHttpSessions && !RequestCredentials.bearer(request)) {
            Session session;
            try {
                session = containerSession(request, response, path);
            } catch (KickoutException e) {
                if (httpSessions.servesUnchecked(request, e) && !rules.module(request, path)) {
                    // the app's own pages go on with the container's identity; the module's calls need Redis,
                    // also where a host's Application serves them
                    request.setAttribute(ModuleGate.DEFERRED_CHECK, (Runnable) () -> {
                        throw e;
                    });
                    request.setAttribute(CallerSession.UNCHECKED, e);
                    chain.doFilter(request, response);
                    return;
                }
                httpSessions.refuse(request, response, e);
                return;
            }
            if (session != null) {
                request.setAttribute(CallerSession.ATTRIBUTE, session);
                chain.doFilter(request, response);
                return;
            }
        }
        if (!rules.guards(request, path) || path.equals(signInPage)) {
            chain.doFilter(request, response);
            return;
        }
        RequestCredentials.Credential credential = null;
        Session session;
        try {
            credential = credentials.find(request).orElse(null);
            session = authenticate(request, credential);
            cookieGate.checkCsrf(request, credential);
        } catch (KickoutException e) {
            cookieGate.refuse(request, response, credential, e);
            return;
        } catch (RuntimeException e) {
            problems.write(request, response, Problems.unexpected(e));
            return;
        }
        // for CallerSession, read only by a request that asks
        request.setAttribute(CallerSession.ATTRIBUTE, session);
        // container security mode: the container already knows the caller, with the host's role names
        chain.doFilter(request.getAttribute(Session.REQUEST_ATTRIBUTE) == session ? request : new SessionRequest(request, session),
                response);
    }

    /**
     * HttpSession mode: a request the container signed in within an {@code HttpSession} is checked on
     * every path, guarded or not, since a kicked caller must get nothing more; the module's own unsafe
     * calls need the CSRF token. The container keeps its identity: the request is not wrapped.
     *
     * @return the session, or null when the container has no caller in an {@code HttpSession} here
     */
    private Session containerSession(HttpServletRequest request, HttpServletResponse response, String path) {
        Session session = httpSessions.follow(request, response).orElse(null);
        if (session == null) {
            return null;
        }
        // the token of the HttpSession that authenticated the request, never a session cookie beside it
        // (with cookie mode on too), which a sibling site could have planted
        RequestCredentials.Credential bound = RequestCredentials.ofHttpSession(request).orElse(null);
        if (rules.module(request, path)) {
            cookieGate.checkCsrf(request, bound);
        } else {
            // a host's Application may serve the module here: its endpoints run the check themselves
            request.setAttribute(ModuleGate.DEFERRED_CHECK, (Runnable) () -> cookieGate.checkCsrf(request, bound));
        }
        return session;
    }

    /** The session, or the refusal, the authentication mechanism found in this request; else one check here. */
    private Session authenticate(HttpServletRequest request, RequestCredentials.Credential credential) {
        Object checked = request.getAttribute(Session.REQUEST_ATTRIBUTE);
        if (checked instanceof Session session) {
            return session;
        }
        if (request.getAttribute(Session.REFUSAL_ATTRIBUTE) instanceof KickoutException refusal) {
            throw refusal;
        }
        return sessions.authenticate(credential == null ? null : credential.token());
    }
}
