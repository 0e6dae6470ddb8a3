package dev.kickout.internal.rest;

import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Languages;
import dev.kickout.internal.i18n.Text;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.Map;

/**
 * JAX-RS's own refusals (unknown path, wrong method or media type, unreadable body) as problems:
 * 404 {@code NOT_FOUND}, other 4xx {@code INVALID_REQUEST}. One that already carries a problem (the
 * module's own refusal raised where no mapper may be registered) is answered as it is.
 */
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Context
    HttpHeaders headers;

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status < 400 || status >= 500 || isProblem(e.getResponse())) {
            return e.getResponse();
        }
        String code = (status == 404 ? ProblemCode.NOT_FOUND : ProblemCode.INVALID_REQUEST).name();
        Text detail = Text.of(switch (status) {
            case 404 -> "request.not-found";
            case 405 -> "request.method";
            case 406 -> "request.not-acceptable";
            case 415 -> "request.media-type";
            default -> "request.unreadable";
        });
        Response.ResponseBuilder response = Response.status(status).type(Problems.MEDIA_TYPE)
                .entity(Problems.body(status, code,
                        detail.in(Languages.of(headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE))), Map.of()));
        String allow = e.getResponse().getHeaderString("Allow");
        if (allow != null) {
            response.header("Allow", allow);
        }
        return response.build();
    }

    private static boolean isProblem(Response response) {
        return response.hasEntity() && response.getMediaType() != null
                && Problems.MEDIA_TYPE.equals(response.getMediaType().getType() + "/" + response.getMediaType().getSubtype());
    }
}
