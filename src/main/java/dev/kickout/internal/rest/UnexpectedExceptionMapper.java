package dev.kickout.internal.rest;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * Runtime exceptions that are not themselves domain refusals: the refusal a container wrapped
 * ({@link Refusals}) if there is one; anything else is a bug: logged with an incident id, answered
 * without a stack trace.
 */
@ApplicationScoped
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    @Inject
    KickoutConfig config;
    @Inject
    HttpServletRequest request;
    @Inject
    Refusals refusals;
    @Inject
    Metrics metrics;

    @Override
    public Response toResponse(RuntimeException e) {
        return refusals.behind(e).map(refusal -> {
                    metrics.refused(refusal.status(), refusal.code());
                    return Problems.response(refusal, config, Problems.language(request));
                })
                .orElseGet(() -> Problems.response(Problems.unexpected(e), config, Problems.language(request)));
    }
}
