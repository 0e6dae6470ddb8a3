package dev.kickout.rest;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Every domain refusal, as its contract status and code. */
@Provider
public class KickoutExceptionMapper implements ExceptionMapper<KickoutException> {

    @Inject
    KickoutConfig config;

    @Override
    public Response toResponse(KickoutException e) {
        return Problems.response(e, config);
    }
}
