package dev.kickout.rest;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
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

    @Override
    public Response toResponse(KickoutException e) {
        return Problems.response(e, config, Problems.language(request));
    }
}
