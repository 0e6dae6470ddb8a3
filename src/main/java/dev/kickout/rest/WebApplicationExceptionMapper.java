package dev.kickout.rest;

import dev.kickout.ProblemCode;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Map;

/**
 * JAX-RS's own refusals (unknown path, wrong method or media type, unreadable body) as problems:
 * 404 {@code NOT_FOUND}, other 4xx {@code INVALID_REQUEST}.
 */
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status < 400 || status >= 500) {
            return e.getResponse();
        }
        String code = (status == 404 ? ProblemCode.NOT_FOUND : ProblemCode.INVALID_REQUEST).name();
        String detail = switch (status) {
            case 404 -> "No such resource";
            case 405 -> "Method not allowed here";
            case 406 -> "This resource answers application/json";
            case 415 -> "Send the body as application/json";
            default -> "The request could not be read; send well-formed JSON";
        };
        Response.ResponseBuilder response = Response.status(status).type(Problems.MEDIA_TYPE)
                .entity(Problems.body(status, code, detail, Map.of()));
        String allow = e.getResponse().getHeaderString("Allow");
        if (allow != null) {
            response.header("Allow", allow);
        }
        return response.build();
    }
}
