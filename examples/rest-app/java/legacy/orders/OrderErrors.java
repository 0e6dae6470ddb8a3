package legacy.orders;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The host's catch-all for runtime exceptions, JAX-RS's own refusals included. */
@Provider
public class OrderErrors implements ExceptionMapper<RuntimeException> {

    @Override
    public Response toResponse(RuntimeException e) {
        int status = e instanceof WebApplicationException w ? w.getResponse().getStatus() : 500;
        return Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity("{\"hostError\":\"" + e.getClass().getSimpleName() + "\"}").build();
    }
}
