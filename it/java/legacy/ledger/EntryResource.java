package legacy.ledger;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The host's endpoint. */
@Path("entries")
@Produces(MediaType.APPLICATION_JSON)
public class EntryResource {

    @GET
    @Path("{id}")
    public Entry get(@PathParam("id") String id) {
        Entry entry = new Entry();
        entry.accountNo = "ACC-" + id;
        entry.memo = "internal";
        entry.cents = 1250;
        return entry;
    }
}
