package legacy.shop;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The host's own error body for every runtime exception, JAX-RS's own refusals included. */
@Provider
public class ShopErrors implements ExceptionMapper<RuntimeException> {

    @Override
    public Response toResponse(RuntimeException e) {
        int status = e instanceof WebApplicationException w ? w.getResponse().getStatus() : 500;
        return Response.status(status).type("text/plain")
                .entity("SHOP-ERROR " + status + " " + e.getClass().getSimpleName()).build();
    }
}
