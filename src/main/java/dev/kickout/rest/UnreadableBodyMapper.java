package dev.kickout.rest;

import dev.kickout.ProblemCode;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Map;

/** A body the JSON-B provider cannot bind (malformed JSON, wrong types): 400 {@code INVALID_REQUEST}. */
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    @Override
    public Response toResponse(ProcessingException e) {
        return Response.status(400).type(Problems.MEDIA_TYPE)
                .entity(Problems.body(400, ProblemCode.INVALID_REQUEST.name(), "The body is not valid JSON of the expected shape", Map.of()))
                .build();
    }
}
