package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.BodyParameters;
import dev.kickout.internal.rest.ProblemWriter;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The token filter's cookie-mode rules: the CSRF check for unsafe requests the session cookie
 * authenticates, and how a refusal is answered (a page load goes to the sign-in page, a refused
 * cookie is cleared; API calls keep the problem body).
 */
@ApplicationScoped
public class CookieGate {

    /** Header and form field (of a form body, never the query string) that carry the CSRF token. */
    public static final String CSRF_HEADER = "X-CSRF-Token";
    public static final String CSRF_FIELD = "_csrf";

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    @Inject
    KickoutConfig config;
    @Inject
    SessionCookies cookies;
    @Inject
    ProblemWriter problems;
    @Inject
    PublicOrigin origin;

    /**
     * @throws CsrfRejectedException an unsafe method authenticated by a cookie (the session cookie, or in
     *                               HttpSession mode the container's) without the session's CSRF token
     */
    public void checkCsrf(HttpServletRequest request, RequestCredentials.Credential credential) {
        if (credential == null || credential.source() == RequestCredentials.Source.BEARER
                || SAFE_METHODS.contains(request.getMethod())) {
            return;
        }
        if (!CsrfTokens.matches(credential.token(), presented(request))) {
            throw CsrfRejectedException.missing();
        }
    }

    /** The sign-in page in cookie mode, which must never be guarded (it would redirect to itself); else null. */
    String signInPage() {
        return config.cookie().enabled() ? config.cookie().signInPage() : null;
    }

    /**
     * Answers a refused request: 303 to the sign-in page for a page load refused its session, the host's error
     * page for one refused otherwise (Redis down), else the problem; a refused cookie is cleared.
     */
    public void refuse(HttpServletRequest request, HttpServletResponse response, RequestCredentials.Credential credential,
                KickoutException e) throws IOException {
        boolean byCookie = credential != null && credential.source() == RequestCredentials.Source.COOKIE
                || e.code().equals(ProblemCode.DUPLICATE_COOKIE.name());
        if (e.status() == 401 && byCookie) {
            cookies.clear(request).forEach(cookie -> response.addHeader("Set-Cookie", cookie));
        }
        if (e.status() == 401 && (credential == null || byCookie) && signsIn(request)) {
            String path = request.getRequestURI().substring(request.getContextPath().length())
                    + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader("Cache-Control", "no-store");
            response.setHeader("Location", origin.url(request, NextPath.signIn(request.getContextPath(),
                    config.cookie().signInPage(), "reason", e.code(), path)));
            return;
        }
        if (e.status() == 401) {
            problems.write(request, response, e);
        } else {
            // Redis down, throttled: a page load gets the host's error page for the status
            problems.writeOrSendError(request, response, e);
        }
    }

    /** A browser loading a page, in cookie mode with a sign-in page: it is shown that page, not a JSON body. */
    private boolean signsIn(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return config.cookie().enabled() && !config.cookie().signInPage().isEmpty()
                && (request.getMethod().equals("GET") || request.getMethod().equals("HEAD"))
                && accept != null && accept.toLowerCase(Locale.ROOT).contains("text/html");
    }

    /** The CSRF token from the header or a form body's field; never from the query string, which gets logged. */
    private static String presented(HttpServletRequest request) {
        String header = request.getHeader(CSRF_HEADER);
        if (header != null) {
            return header;
        }
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
            return null;
        }
        try {
            if (request.getCharacterEncoding() == null) {
                // reading one field decodes them all: UTF-8, as Faces and most apps expect, not ISO-8859-1
                request.setCharacterEncoding(StandardCharsets.UTF_8.name());
            }
            return BodyParameters.first(request, CSRF_FIELD).orElse(null);
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            // a form the container cannot decode carries no usable token
            return null;
        }
    }
}
