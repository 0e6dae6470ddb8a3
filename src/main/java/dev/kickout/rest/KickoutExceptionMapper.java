package dev.kickout.rest;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** Every domain refusal, as its contract status and code. */
@ApplicationScoped
public class KickoutExceptionMapper implements ExceptionMapper<KickoutException> {

    @Inject
    KickoutConfig config;
    @Inject
    HttpServletRequest request;
    @Inject
    Metrics metrics;

    @Override
    public Response toResponse(KickoutException e) {
        metrics.refused(e.status(), e.code());
        return Problems.response(e, config, Problems.language(request));
    }
}
