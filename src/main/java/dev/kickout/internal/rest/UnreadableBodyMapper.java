package dev.kickout.internal.rest;

import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Languages;
import dev.kickout.internal.i18n.Text;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Map;

/** A body the JSON-B provider cannot bind (malformed JSON, wrong types): 400 {@code INVALID_REQUEST}. */
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    @Context
    HttpHeaders headers;

    @Override
    public Response toResponse(ProcessingException e) {
        String detail = Text.of("request.body-shape").in(Languages.of(headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE)));
        return Response.status(400).type(Problems.MEDIA_TYPE)
                .entity(Problems.body(400, ProblemCode.INVALID_REQUEST.name(), detail, Map.of()))
                .build();
    }
}
