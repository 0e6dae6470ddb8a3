package dev.kickout.internal.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;
import java.util.Optional;

/**
 * The HTTP request the current call serves, if any. CDI's {@code HttpServletRequest} cannot tell
 * itself: outside a servlet request (an asynchronous EJB, a timer, a batch step) using it throws
 * {@link IllegalStateException} (Weld, on WildFly and Payara), or {@link ContextNotActiveException}
 * where no request context is active at all.
 */
@ApplicationScoped
public class HttpRequests {

    @Inject
    HttpServletRequest request;

    /** A browser loading a page: {@code GET} or {@code HEAD} accepting HTML. */
    public static boolean pageLoad(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return (request.getMethod().equals("GET") || request.getMethod().equals("HEAD"))
                && accept != null && accept.toLowerCase(Locale.ROOT).contains("text/html");
    }

    public Optional<HttpServletRequest> current() {
        try {
            request.getMethod();
            return Optional.of(request);
        } catch (IllegalStateException | ContextNotActiveException noRequest) {
            return Optional.empty();
        }
    }
}
