package dev.kickout.session;

import dev.kickout.config.KickoutConfig;
import dev.kickout.rest.PublicOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;

/**
 * The {@code Set-Cookie} values of cookie mode: the session cookie ({@code kickout.cookie.name},
 * HttpOnly) and {@value #CSRF_COOKIE} (readable by page scripts), both with
 * {@code SameSite=kickout.cookie.same-site}, {@code Path=<context path>}, and {@code Secure} when
 * the client's connection is TLS ({@link PublicOrigin#secure}: the request's own, or a trusted proxy's
 * {@code X-Forwarded-Proto}). Written by hand: Servlet 6's cookie attributes
 * are not rendered alike by every container.
 */
@ApplicationScoped
public class SessionCookies {

    /** Name of the cookie carrying the CSRF token. */
    public static final String CSRF_COOKIE = "KICKOUT_CSRF";

    private static final String EPOCH = "Thu, 01 Jan 1970 00:00:00 GMT";

    @Inject
    KickoutConfig config;
    @Inject
    PublicOrigin origin;

    /** The two cookies a form login sets for {@code token}. */
    public List<String> issue(HttpServletRequest request, String token) {
        return List.of(cookie(request, config.cookieName(), token, true, false),
                cookie(request, CSRF_COOKIE, CsrfTokens.of(token), false, false));
    }

    /** The CSRF cookie alone, for HttpSession mode (the container's own cookie carries the session). */
    public String csrf(HttpServletRequest request, String token) {
        return cookie(request, CSRF_COOKIE, CsrfTokens.of(token), false, false);
    }

    /** Both cookies expired (Max-Age=0), for a logout or a refused session. */
    public List<String> clear(HttpServletRequest request) {
        return List.of(cookie(request, config.cookieName(), "", true, true),
                cookie(request, CSRF_COOKIE, "", false, true));
    }

    private String cookie(HttpServletRequest request, String name, String value, boolean httpOnly, boolean expired) {
        String path = request.getContextPath().isEmpty() ? "/" : request.getContextPath();
        StringBuilder cookie = new StringBuilder(name).append('=').append(value).append("; Path=").append(path)
                .append("; SameSite=").append(config.cookieSameSite().name());
        if (expired) {
            cookie.append("; Max-Age=0; Expires=").append(EPOCH);
        }
        if (httpOnly) {
            cookie.append("; HttpOnly");
        }
        if (origin.secure(request)) {
            cookie.append("; Secure");
        }
        return cookie.toString();
    }
}
