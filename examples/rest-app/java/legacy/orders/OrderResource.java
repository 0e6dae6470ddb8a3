package legacy.orders;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The host's orders, behind Kickout's filter ({@code kickout.filter.include=/api/orders/*}). */
@Path("orders")
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    @Inject
    OrderService orders;

    @PUT
    @Path("{id}")
    @Consumes(MediaType.TEXT_PLAIN)
    public String save(@PathParam("id") String id, String text) {
        return "{\"saved\":\"" + orders.save(id, text) + "\"}";
    }

    /** A form-style post (no body): with the session cookie it needs the CSRF token. */
    @POST
    @Path("{id}")
    public String post(@PathParam("id") String id) {
        return "{\"saved\":\"" + orders.save(id, "posted") + "\"}";
    }
}
