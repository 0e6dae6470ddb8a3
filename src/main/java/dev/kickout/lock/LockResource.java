package dev.kickout.lock;

import dev.kickout.session.CurrentSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /locks/{type}/{id}}: acquire, heartbeat, release and look at an edit lock. */
@Path("locks/{type}/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class LockResource {

    /** Header carrying the lock token on heartbeat, release, save and status checks. */
    public static final String LOCK_TOKEN = "X-Lock-Token";

    @Inject
    EditLocks locks;
    @Inject
    CurrentSession current;

    @POST
    public Response acquire(@PathParam("type") String type, @PathParam("id") String id) {
        EditLocks.Acquired acquired = locks.acquire(new ResourceRef(type, id), current.require());
        return Response.status(acquired.renewed() ? 200 : 201).entity(acquired.lock()).build();
    }

    @PUT
    @Path("heartbeat")
    public LockView heartbeat(@PathParam("type") String type, @PathParam("id") String id,
                              @HeaderParam(LOCK_TOKEN) String token) {
        return locks.heartbeat(new ResourceRef(type, id), token, current.require());
    }

    @DELETE
    public Response release(@PathParam("type") String type, @PathParam("id") String id,
                            @HeaderParam(LOCK_TOKEN) String token) {
        locks.release(new ResourceRef(type, id), token, current.require());
        return Response.noContent().build();
    }

    /**
     * The lock, or 404 NOT_LOCKED. With {@code X-Lock-Token}, the polling fallback of the events:
     * 409 LOCK_LOST with the reason when that token no longer holds it.
     */
    @GET
    public LockView get(@PathParam("type") String type, @PathParam("id") String id,
                        @HeaderParam(LOCK_TOKEN) String token) {
        ResourceRef resource = new ResourceRef(type, id);
        if (token != null && !token.isEmpty()) {
            return locks.check(resource, token, current.require());
        }
        return locks.get(resource).orElseThrow(() -> new NotLockedException(resource));
    }
}
