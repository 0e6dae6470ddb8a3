package legacy.orders;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;

/** The host's paths outside Kickout's filter: no session is checked before the host's code runs. */
@Path("kiosk")
@Produces(MediaType.APPLICATION_JSON)
public class KioskResource {

    @Inject
    OrderService orders;

    /** The guarded save needs the caller's session: without one it is refused inside this resource. */
    @PUT
    @Path("orders/{id}")
    @Consumes(MediaType.TEXT_PLAIN)
    public String save(@PathParam("id") String id, String text) {
        return "{\"saved\":\"" + orders.save(id, text) + "\"}";
    }

    @GET
    @Path("orders/{id}/locked")
    public String locked(@PathParam("id") String id) {
        return "{\"locked\":" + orders.locked(id) + "}";
    }

    /** The host's own checked exception, for its Throwable mapper. */
    @GET
    @Path("failure")
    public String failure() throws IOException {
        throw new IOException("the host's own checked failure");
    }
}
