package legacy.orders;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The host's catch-all for everything else (checked exceptions, errors). */
@Provider
public class OrderFailures implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable e) {
        return Response.status(500).type(MediaType.APPLICATION_JSON)
                .entity("{\"hostFailure\":\"" + e.getClass().getSimpleName() + "\"}").build();
    }
}
