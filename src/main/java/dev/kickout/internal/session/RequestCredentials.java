package dev.kickout.internal.session;

import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Enumeration;
import java.util.Optional;

/**
 * Where a request's session token comes from: the {@code Authorization: Bearer} header, else (in
 * cookie mode, {@code kickout.cookie.enabled}) the session cookie {@code kickout.cookie.name} (its
 * {@code __Host-} form where {@link SessionCookies} writes that), of which a request may carry only one.
 * The header wins when both are present; in HttpSession mode ({@code kickout.http-session.enabled}) the
 * token bound to the request's {@code HttpSession} comes last. The token filter, the event stream and an
 * authentication mechanism all ask here, so the rule lives in one place:
 * <pre>{@code
 * @Inject RequestCredentials credentials;
 * String token = credentials.find(request).map(RequestCredentials.Credential::token).orElse(null);
 * }</pre>
 */
@ApplicationScoped
public class RequestCredentials {

    /**
     * How a token travelled: cookie-borne tokens need the CSRF check on unsafe methods; in HttpSession
     * mode the token is the one bound to the request's {@code HttpSession}, which a cookie carries too.
     */
    public enum Source { BEARER, COOKIE, HTTP_SESSION }

    /** A token as presented (not yet checked) and how it came. */
    public record Credential(String token, Source source) {
    }

    @Inject
    KickoutConfig config;
    @Inject
    SessionCookies sessionCookies;

    /**
     * The request's token, or empty when it carries neither the header nor (in cookie mode) the cookie.
     *
     * @throws TokenRejectedException 401 {@code DUPLICATE_COOKIE}: the request carries the session cookie twice;
     *                                {@code TOKEN_INVALID}: a header or cookie carries the token of a session that
     *                                follows a container {@code HttpSession}, which counts only through it
     */
    public Optional<Credential> find(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.of(unbound(new Credential(header.substring(7).trim(), Source.BEARER)));
        }
        if (header != null && header.trim().equalsIgnoreCase("Bearer")) {
            return Optional.of(new Credential("", Source.BEARER));
        }
        Optional<Credential> cookie = config.cookie().enabled()
                ? cookie(request).map(token -> unbound(new Credential(token, Source.COOKIE))) : Optional.empty();
        return cookie.isPresent() || !config.httpSession().enabled() ? cookie : ofHttpSession(request);
    }

    private static Credential unbound(Credential credential) {
        String token = credential.token();
        if (token.length() <= 128 && Tokens.isToken(token) && Tokens.isBound(token)) {
            throw TokenRejectedException.invalid();
        }
        return credential;
    }

    /** Whether the request sends an {@code Authorization: Bearer} header, which wins over every other carrier. */
    public static boolean bearer(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        return header != null && header.trim().regionMatches(true, 0, "Bearer", 0, 6);
    }

    /** The token bound to the request's {@code HttpSession} (HttpSession mode), whatever else the request carries. */
    public static Optional<Credential> ofHttpSession(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        try {
            return session != null && session.getAttribute(HttpSessionBinding.ATTRIBUTE) instanceof HttpSessionBinding binding
                    ? Optional.of(new Credential(binding.token(), Source.HTTP_SESSION)) : Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.empty(); // invalidated meanwhile
        }
    }

    /**
     * The session cookie's value. Two of them means another site under the same parent domain (or a
     * path below ours) planted one beside the real one, and neither can be trusted to be the user's.
     *
     * @throws TokenRejectedException 401 {@code DUPLICATE_COOKIE} for more than one session cookie
     */
    private Optional<String> cookie(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return Optional.empty();
        }
        String name = sessionCookies.sessionName(request);
        String found = null;
        for (Cookie cookie : cookies) {
            if (cookie.getName().equals(name)) {
                if (found != null) {
                    throw TokenRejectedException.duplicateCookie();
                }
                found = cookie.getValue() == null ? "" : cookie.getValue();
            }
        }
        if (found != null && sentTwice(request, name)) {
            throw TokenRejectedException.duplicateCookie();
        }
        return Optional.ofNullable(found);
    }

    /**
     * Whether the {@code Cookie} headers name {@code name} more than once. Asked of the raw headers, since a
     * container may keep one cookie per name (WildFly 39's Undertow keeps the first).
     */
    static boolean sentTwice(HttpServletRequest request, String name) {
        int seen = 0;
        for (Enumeration<String> headers = request.getHeaders("Cookie"); headers != null && headers.hasMoreElements(); ) {
            for (String pair : headers.nextElement().split(";")) {
                int equals = pair.indexOf('=');
                if ((equals < 0 ? pair : pair.substring(0, equals)).trim().equals(name) && ++seen > 1) {
                    return true;
                }
            }
        }
        return false;
    }
}
