package dev.kickout.internal.session;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code Set-Cookie} values of cookie mode: the session cookie ({@code kickout.cookie.name},
 * HttpOnly) and {@value #CSRF_COOKIE} (readable by page scripts), both with
 * {@code SameSite=kickout.cookie.same-site}, {@code Path=<context path>}, and {@code Secure} when
 * the client's connection is TLS ({@link PublicOrigin#secure}: the request's own, or a trusted proxy's
 * {@code X-Forwarded-Proto}). No {@code Domain}: a cookie stays with the host that set it. With
 * {@code kickout.cookie.host-prefix} (by default on TLS) the session cookie is {@value #HOST_PREFIX}{@code <name>}
 * with {@code Path=/} and {@code Secure}, as browsers demand of that prefix, so that no sibling or parent
 * domain can plant one. Written by hand: Servlet 6's cookie attributes are not rendered alike by every container.
 */
@ApplicationScoped
public class SessionCookies {

    /** Name of the cookie carrying the CSRF token. */
    public static final String CSRF_COOKIE = "KICKOUT_CSRF";

    /** The prefix browsers accept only on a Secure, host-only cookie with {@code Path=/}. */
    public static final String HOST_PREFIX = "__Host-";

    private static final String EPOCH = "Thu, 01 Jan 1970 00:00:00 GMT";

    @Inject
    KickoutConfig config;
    @Inject
    PublicOrigin origin;

    /** The two cookies a form login sets for {@code token}. */
    public List<String> issue(HttpServletRequest request, String token) {
        return List.of(session(request, token, false), cookie(request, CSRF_COOKIE, CsrfTokens.of(token), false, false));
    }

    /** The CSRF cookie alone, for HttpSession mode (the container's own cookie carries the session). */
    public String csrf(HttpServletRequest request, String token) {
        return cookie(request, CSRF_COOKIE, CsrfTokens.of(token), false, false);
    }

    /** Both cookies expired (Max-Age=0), for a logout or a refused session; with the prefix, the plain name too. */
    public List<String> clear(HttpServletRequest request) {
        List<String> cleared = new ArrayList<>(List.of(session(request, "", true), cookie(request, CSRF_COOKIE, "", false, true)));
        if (prefixed(request)) {
            cleared.add(cookie(request, config.cookie().name(), "", true, true));
        }
        return cleared;
    }

    /** The session cookie's name for this request: {@code kickout.cookie.name}, prefixed when the prefix applies. */
    public String sessionName(HttpServletRequest request) {
        return prefixed(request) ? HOST_PREFIX + config.cookie().name() : config.cookie().name();
    }

    /** Whether this request's cookies take the {@code __Host-} prefix ({@code kickout.cookie.host-prefix}). */
    boolean prefixed(HttpServletRequest request) {
        return switch (config.cookie().hostPrefix()) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> origin.secure(request);
        };
    }

    private String session(HttpServletRequest request, String value, boolean expired) {
        if (!prefixed(request)) {
            return cookie(request, config.cookie().name(), value, true, expired);
        }
        return attributes(new StringBuilder(HOST_PREFIX + config.cookie().name()).append('=').append(value).append("; Path=/"),
                true, expired).append("; Secure").toString();
    }

    private String cookie(HttpServletRequest request, String name, String value, boolean httpOnly, boolean expired) {
        String path = request.getContextPath().isEmpty() ? "/" : request.getContextPath();
        StringBuilder cookie = attributes(new StringBuilder(name).append('=').append(value).append("; Path=").append(path),
                httpOnly, expired);
        if (origin.secure(request)) {
            cookie.append("; Secure");
        }
        return cookie.toString();
    }

    private StringBuilder attributes(StringBuilder cookie, boolean httpOnly, boolean expired) {
        cookie.append("; SameSite=").append(config.cookie().sameSite().name());
        if (expired) {
            cookie.append("; Max-Age=0; Expires=").append(EPOCH);
        }
        if (httpOnly) {
            cookie.append("; HttpOnly");
        }
        return cookie;
    }
}
