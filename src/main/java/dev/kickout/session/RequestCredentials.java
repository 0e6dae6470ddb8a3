package dev.kickout.session;

import dev.kickout.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * Where a request's session token comes from: the {@code Authorization: Bearer} header, else (in
 * cookie mode, {@code kickout.cookie.enabled}) the session cookie {@code kickout.cookie.name}.
 * The header wins when both are present. The token filter, the event stream and an
 * authentication mechanism all ask here, so the rule lives in one place:
 * <pre>{@code
 * @Inject RequestCredentials credentials;
 * String token = credentials.find(request).map(RequestCredentials.Credential::token).orElse(null);
 * }</pre>
 */
@ApplicationScoped
public class RequestCredentials {

    /** How a token travelled: cookie-borne tokens need the CSRF check on unsafe methods. */
    public enum Source { BEARER, COOKIE }

    /** A token as presented (not yet checked) and how it came. */
    public record Credential(String token, Source source) {
    }

    @Inject
    KickoutConfig config;

    /** The request's token, or empty when it carries neither the header nor (in cookie mode) the cookie. */
    public Optional<Credential> find(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.of(new Credential(header.substring(7).trim(), Source.BEARER));
        }
        if (header != null && header.trim().equalsIgnoreCase("Bearer")) {
            return Optional.of(new Credential("", Source.BEARER));
        }
        return config.cookieEnabled() ? cookie(request).map(token -> new Credential(token, Source.COOKIE)) : Optional.empty();
    }

    private Optional<String> cookie(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return Optional.empty();
        }
        String found = null;
        for (Cookie cookie : cookies) {
            if (cookie.getName().equals(config.cookieName())) {
                // a sibling site may plant a second cookie of the same name: prefer one that looks like a token
                if (found == null || !Tokens.isToken(found)) {
                    found = cookie.getValue() == null ? "" : cookie.getValue();
                }
            }
        }
        return Optional.ofNullable(found);
    }
}
