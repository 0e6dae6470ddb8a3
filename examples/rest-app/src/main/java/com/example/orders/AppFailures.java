package com.example.orders;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The app's answer to everything else: checked exceptions and errors. */
@Provider
public class AppFailures implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable e) {
        return Response.status(500).type(MediaType.APPLICATION_JSON)
                .entity("{\"failure\":\"" + e.getClass().getSimpleName() + "\"}").build();
    }
}
