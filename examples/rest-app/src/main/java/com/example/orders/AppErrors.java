package com.example.orders;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The app's answer to runtime exceptions, JAX-RS's own (404, 405, ...) included. Kickout's refusals keep their
 * problem+json: its mapper is for their exact type, which JAX-RS prefers over this one.
 */
@Provider
public class AppErrors implements ExceptionMapper<RuntimeException> {

    @Override
    public Response toResponse(RuntimeException e) {
        int status = e instanceof WebApplicationException w ? w.getResponse().getStatus()
                : e instanceof IllegalArgumentException ? 400 : 500;
        return Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity("{\"error\":\"" + e.getClass().getSimpleName() + "\"}").build();
    }
}
