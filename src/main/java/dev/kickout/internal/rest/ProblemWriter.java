package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import dev.kickout.internal.Json;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Writes a problem straight to a servlet response, for refusals made before JAX-RS runs. */
@ApplicationScoped
public class ProblemWriter {

    /**
     * Request attribute: the problem of a page load answered through {@code sendError}, for the error page
     * (a map of its members: {@code code}, {@code detail}, ...; a JSP reads {@code ${kickoutProblem.code}}).
     */
    public static final String ATTRIBUTE = "kickoutProblem";

    @Inject
    Json json;
    @Inject
    KickoutConfig config;
    @Inject
    Metrics metrics;

    /** Answers {@code e}, its detail in the language {@code request} asks for. */
    public void write(HttpServletRequest request, HttpServletResponse response, KickoutException e) throws IOException {
        metrics.refused(e.status(), e.code());
        response.setStatus(e.status());
        response.setContentType(Problems.MEDIA_TYPE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (e.status() == 401) {
            response.setHeader("WWW-Authenticate", Problems.CHALLENGE);
        }
        Long retryAfter = Problems.retryAfterSeconds(e, config);
        if (retryAfter != null) {
            response.setHeader("Retry-After", Long.toString(retryAfter));
        }
        response.getWriter().write(json.write(Problems.body(e, Problems.language(request))));
    }

    /**
     * Answers {@code e} to a browser loading a page through the container's error handling
     * ({@code sendError}), so the host's {@code <error-page>} for the status renders, with the problem as
     * the request attribute {@value #ATTRIBUTE}; anything else gets the problem body.
     */
    public void writeOrSendError(HttpServletRequest request, HttpServletResponse response, KickoutException e)
            throws IOException {
        if (!HttpRequests.pageLoad(request)) {
            write(request, response, e);
            return;
        }
        metrics.refused(e.status(), e.code());
        Long retryAfter = Problems.retryAfterSeconds(e, config);
        if (retryAfter != null) {
            response.setHeader("Retry-After", Long.toString(retryAfter));
        }
        response.setHeader("Cache-Control", "no-store");
        request.setAttribute(ATTRIBUTE, Problems.body(e, Problems.language(request)));
        response.sendError(e.status());
    }
}
