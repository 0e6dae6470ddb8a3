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
}
