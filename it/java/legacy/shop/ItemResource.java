package legacy.shop;

import jakarta.ejb.EJB;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The host's endpoint: reads through the EJB, echoes a posted item. */
@Path("items")
@Produces(MediaType.APPLICATION_JSON)
public class ItemResource {

    @EJB
    Catalog catalog;

    @GET
    @Path("{id}")
    public Item get(@PathParam("id") String id) {
        return catalog.find(id);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Item echo(Item item) {
        return item;
    }
}
