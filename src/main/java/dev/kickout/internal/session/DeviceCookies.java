package dev.kickout.internal.session;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The device cookie ({@value #NAME}) of the login throttle: 256 random bits a successful sign-in
 * sets, after which that browser is a known device of that username and has its own failure budget
 * ({@link LoginThrottle}). Redis keeps only its SHA-256, among the known devices of the username it
 * signed in ({@code kickout.login.throttle.devices-per-user} at most), so it is worth nothing for
 * another username. HttpOnly, {@code SameSite=Strict},
 * {@code Max-Age = kickout.login.throttle.device-lifetime}. Where the session cookie takes the
 * {@code __Host-} prefix ({@code kickout.cookie.host-prefix}, by default when the client's connection is
 * TLS), so does this one ({@code Path=/}, {@code Secure}), and only the prefixed name is read: a sibling
 * domain cannot plant a cookie that shadows a known device's. Otherwise {@code Path=<context path>}, and
 * {@code Secure} when the connection is TLS ({@link PublicOrigin#secure}). Written by hand, like
 * {@link SessionCookies}.
 */
@ApplicationScoped
class DeviceCookies {

    /** Name of the device cookie. */
    static final String NAME = "KICKOUT_DEVICE";

    @Inject
    KickoutConfig config;
    @Inject
    PublicOrigin origin;
    @Inject
    SessionCookies sessionCookies;

    /** The device cookie the request carries (the first well-formed one of this request's name), or null. */
    String presented(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        String name = name(request);
        for (Cookie cookie : cookies) {
            if (cookie.getName().equals(name) && Tokens.isDeviceCookie(cookie.getValue())) {
                return cookie.getValue();
            }
        }
        return null;
    }

    /** The {@code Set-Cookie} value that gives {@code value} to the client. */
    String issue(HttpServletRequest request, String value) {
        boolean prefixed = sessionCookies.prefixed(request);
        String path = prefixed || request.getContextPath().isEmpty() ? "/" : request.getContextPath();
        StringBuilder cookie = new StringBuilder(prefixed ? SessionCookies.HOST_PREFIX + NAME : NAME).append('=').append(value).append("; Path=").append(path)
                .append("; Max-Age=").append(config.login().deviceLifetime().toSeconds())
                .append("; SameSite=Strict; HttpOnly");
        if (prefixed || origin.secure(request)) {
            cookie.append("; Secure");
        }
        return cookie.toString();
    }

    /** The device cookie's name for this request: prefixed where the session cookie is. */
    String name(HttpServletRequest request) {
        return sessionCookies.prefixed(request) ? SessionCookies.HOST_PREFIX + NAME : NAME;
    }
}
