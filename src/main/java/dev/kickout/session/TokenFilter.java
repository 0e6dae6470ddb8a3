package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.rest.ProblemWriter;
import dev.kickout.rest.Problems;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;

/**
 * Checks the bearer token of every guarded request ({@code kickout.filter.include} /
 * {@code .exclude}): a live session continues with its principal and roles, anything else gets a
 * 401 problem saying why, and an unreachable Redis a 503. Declared in the module's
 * {@code web-fragment.xml} (async-capable so SSE streams survive; ordered before the host's filters, so
 * they see the principal); {@code kickout.enabled=false} and CORS preflights pass straight through
 * ({@link FilterScope}).
 */
public class TokenFilter extends HttpFilter {

    @Inject
    SessionService sessions;
    @Inject
    CurrentSession current;
    @Inject
    KickoutConfig config;
    @Inject
    ProblemWriter problems;

    private PathRules rules;

    @Override
    public void init() {
        rules = FilterScope.rules(config, getServletContext());
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        // decoded and normalised by the container, unlike getRequestURI()
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!config.enabled() || FilterScope.preflight(request) || !rules.guards(path)) {
            chain.doFilter(request, response);
            return;
        }
        Session session;
        try {
            session = authenticate(request);
        } catch (KickoutException e) {
            problems.write(response, e);
            return;
        } catch (RuntimeException e) {
            problems.write(response, Problems.unexpected(e));
            return;
        }
        current.set(session, request.getRemoteAddr());
        // container security mode: the container already knows the caller, with the host's role names
        chain.doFilter(request.getAttribute(Session.REQUEST_ATTRIBUTE) == session ? request : new SessionRequest(request, session),
                response);
    }

    /** The session, or the refusal, the authentication mechanism found in this request; else one check here. */
    private Session authenticate(HttpServletRequest request) {
        Object checked = request.getAttribute(Session.REQUEST_ATTRIBUTE);
        if (checked instanceof Session session) {
            return session;
        }
        if (request.getAttribute(Session.REFUSAL_ATTRIBUTE) instanceof KickoutException refusal) {
            throw refusal;
        }
        return sessions.authenticate(bearerToken(request));
    }

    private static String bearerToken(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || header.length() < 7 || !header.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
            return null;
        }
        return header.substring(7).trim();
    }
}
