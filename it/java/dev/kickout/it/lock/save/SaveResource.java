package dev.kickout.it.lock.save;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Test-only endpoints driving {@link GuardedSaves}, {@link BatchSaves} and the save latches. */
@Path("it/saves")
@Produces(MediaType.APPLICATION_JSON)
public class SaveResource {

    @Inject
    GuardedSaves saves;
    @Inject
    BatchSaves batch;
    @Inject
    Latches latches;

    @PUT
    @Path("{id}/slow")
    @Consumes(MediaType.TEXT_PLAIN)
    public Map<String, String> slowSave(@PathParam("id") String id, @QueryParam("latch") String latch, String title)
            throws InterruptedException {
        return Map.of("title", saves.slowSave(id, title, latch));
    }

    @GET
    @Path("latch/{key}")
    public Map<String, Boolean> latch(@PathParam("key") String key) {
        return Map.of("entered", latches.entered(key));
    }

    @POST
    @Path("latch/{key}/go")
    public Map<String, Boolean> letGo(@PathParam("key") String key) {
        latches.letGo(key);
        return Map.of("released", true);
    }

    /** The token comes from wherever the sources find it (header here). */
    @PUT
    @Path("{id}")
    @Consumes(MediaType.TEXT_PLAIN)
    public Map<String, String> save(@PathParam("id") String id, String title) {
        return Map.of("title", saves.save(id, title));
    }

    /** The token is a method parameter (@LockToken), taken from the form field {@code token}. */
    @POST
    @Path("{id}/with-token")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Map<String, String> saveWithToken(@PathParam("id") String id, @FormParam("title") String title,
                                             @FormParam("token") String token) {
        return Map.of("title", saves.saveWithToken(id, title, token));
    }

    /** Hands the token to an asynchronous EJB: the save runs with no HTTP request and no session. */
    @POST
    @Path("{id}/batch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Map<String, String> batchSave(@PathParam("id") String id, @FormParam("title") String title,
                                         @FormParam("token") String token)
            throws InterruptedException, TimeoutException {
        try {
            return Map.of("title", batch.save(id, title, token).get(60, TimeUnit.SECONDS));
        } catch (ExecutionException e) {
            // the EJB container's wrapping of the refusal: the edge finds the refusal in the cause chain
            throw new IllegalStateException("The batch save failed", e.getCause());
        }
    }

    @POST
    @Path("fence/{id}")
    public Map<String, Long> claim(@PathParam("id") String id, @QueryParam("fence") long fence) {
        return Map.of("lastFence", saves.claimWith(id, fence));
    }

    @POST
    @Path("memo-fence/{id}")
    public Map<String, Long> claimMemo(@PathParam("id") String id, @QueryParam("fence") long fence) {
        return Map.of("lastFence", saves.claimMemoWith(id, fence));
    }
}
