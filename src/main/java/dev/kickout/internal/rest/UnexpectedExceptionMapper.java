package dev.kickout.internal.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
    Refusals refusals;

    @Override
    public Response toResponse(RuntimeException e) {
        return refusals.answer(e, e);
    }
}
