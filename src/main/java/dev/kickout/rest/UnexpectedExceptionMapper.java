package dev.kickout.rest;

import dev.kickout.config.KickoutConfig;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A bug, not bad input: logged with an incident id, answered without a stack trace. */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    @Inject
    KickoutConfig config;

    @Override
    public Response toResponse(RuntimeException e) {
        return Problems.response(Problems.unexpected(e), config);
    }
}
