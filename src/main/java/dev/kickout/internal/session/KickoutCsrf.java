package dev.kickout.internal.session;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The CSRF token of this request's cookie session (or, in HttpSession mode, of the Kickout session bound
 * to the container's {@code HttpSession}), for server-rendered pages: a form that posts
 * with the cookie carries it as the {@code _csrf} field.
 * <pre>{@code
 * <input type="hidden" name="_csrf" value="#{kickoutCsrf.token}"/>
 * }</pre>
 * Null without a cookie-borne session (bearer requests need no CSRF token).
 */
@Named("kickoutCsrf")
@RequestScoped
public class KickoutCsrf {

    @Inject
    HttpServletRequest request;
    @Inject
    RequestCredentials credentials;

    public String getToken() {
        try {
            return credentials.find(request)
                    .filter(c -> c.source() != RequestCredentials.Source.BEARER && !c.token().isEmpty())
                    .map(c -> CsrfTokens.of(c.token())).orElse(null);
        } catch (TokenRejectedException duplicateCookie) {
            return null;
        }
    }

    /** The form field name, {@code _csrf}. */
    public String getField() {
        return CookieGate.CSRF_FIELD;
    }

    /** The header name, {@code X-CSRF-Token}. */
    public String getHeader() {
        return CookieGate.CSRF_HEADER;
    }
}
