package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Every domain refusal, as its contract status and code. A {@code @Provider}, so a host's scanning
 * Application picks it up too: a refusal raised inside the host's own resources (a guarded save, a
 * session the save needs) is answered as the module answers it, even beside the host's
 * {@code ExceptionMapper<RuntimeException>} or {@code <Throwable>} (the closest type wins). It maps only the
 * module's exceptions, so no host answer changes. An Application that lists its classes adds
 * {@code KickoutResources#hostProviders()}.
 */
@ApplicationScoped
@Provider
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
