package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.NotLockedException;
import dev.kickout.ResourceRef;
import dev.kickout.internal.Checks;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /locks/{type}/{id}}: acquire, heartbeat, release and look at an edit lock. */
@Tag(name = "Kickout edit locks", description = "Acquire, heartbeat, release and look at an edit lock")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("locks/{type}/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class LockResource {

    /** Header carrying the lock token on heartbeat, release, save and status checks. */
    public static final String LOCK_TOKEN = "X-Lock-Token";

    @Inject
    EditLocks locks;
    @Inject
    CallerSession current;

    @POST
    @Operation(summary = "Acquire (or, by the same session, re-acquire) the lock")
    @APIResponse(responseCode = "201", description = "Acquired: the lock view with lockToken and heartbeatSeconds",
            content = @Content(schema = @Schema(implementation = LockView.class)))
    @APIResponse(responseCode = "200", description = "Re-acquired by the same session: renewed, with a new lockToken",
            content = @Content(schema = @Schema(implementation = LockView.class)))
    @APIResponse(responseCode = "403", description = "LOCK_FORBIDDEN: the host's lock policy refuses the caller this record")
    @APIResponse(responseCode = "409", description = "LOCK_LIMIT: the session or the user holds as many locks as it may; scope (SESSION, USER) and limit say which")
    @APIResponse(responseCode = "423", description = "LOCK_HELD: another session holds it, or it is reserved for the first in its queue (reservedUntil); holder says who and until when")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN: the type is not declared (kickout.lock.types)")
    public Response acquire(@PathParam("type") String type, @PathParam("id") String id) {
        EditLocks.Acquired acquired = locks.acquire(new ResourceRef(type, id), current.require());
        return Response.status(acquired.renewed() ? 200 : 201).entity(acquired.lock()).build();
    }

    @PUT
    @Path("heartbeat")
    @Operation(summary = "Extend the lock (holder only, X-Lock-Token); idleSeconds: how long the person on the page has been inactive")
    @APIResponse(responseCode = "200", description = "The renewed lock",
            content = @Content(schema = @Schema(implementation = LockView.class)))
    @APIResponse(responseCode = "403", description = "LOCK_FORBIDDEN: the host's lock policy no longer lets the holder lock this record")
    @APIResponse(responseCode = "409", description = "LOCK_LOST: the token no longer holds the lock; reason and by say why (IDLE: released for inactivity)")
    @APIResponse(responseCode = "423", description = "LOCK_HELD: the token is another session's")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN: the type is not declared; idleSeconds not 0 to 86400")
    public LockView heartbeat(@PathParam("type") String type, @PathParam("id") String id,
                              @HeaderParam(LOCK_TOKEN) String token, @QueryParam("idleSeconds") String idleSeconds) {
        Integer idle = idleSeconds == null || idleSeconds.isEmpty() ? null
                : Checks.intParam("idleSeconds", idleSeconds, 0, 0, 86_400);
        return locks.heartbeat(new ResourceRef(type, id), token, current.require(), idle);
    }

    @DELETE
    @Operation(summary = "Release the lock (holder only, X-Lock-Token; compare-and-delete)")
    @APIResponse(responseCode = "204", description = "Released")
    @APIResponse(responseCode = "409", description = "LOCK_LOST: the token no longer holds the lock; reason and by say why")
    @APIResponse(responseCode = "423", description = "LOCK_HELD: the token is another session's")
    public Response release(@PathParam("type") String type, @PathParam("id") String id,
                            @HeaderParam(LOCK_TOKEN) String token) {
        locks.release(new ResourceRef(type, id), token, current.require());
        return Response.noContent().build();
    }

    /**
     * The lock, or 404 NOT_LOCKED; others than the holding user and admins see the holder without its
     * session and client. With {@code X-Lock-Token}, the polling fallback of the events: 409 LOCK_LOST
     * with the reason when that token no longer holds it.
     */
    @GET
    @Operation(summary = "The lock; with X-Lock-Token, whether that token still holds it")
    @APIResponse(responseCode = "200", description = "The lock view; to others than the holding user and admins, "
            + "the holder without sessionId and clientId",
            content = @Content(schema = @Schema(implementation = LockView.class)))
    @APIResponse(responseCode = "404", description = "NOT_LOCKED: nobody holds it")
    @APIResponse(responseCode = "409", description = "LOCK_LOST: with X-Lock-Token, the token no longer holds it")
    @APIResponse(responseCode = "423", description = "LOCK_HELD: with X-Lock-Token, the token is another session's")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN: the type is not declared")
    public LockView get(@PathParam("type") String type, @PathParam("id") String id,
                        @HeaderParam(LOCK_TOKEN) String token) {
        ResourceRef resource = new ResourceRef(type, id);
        if (token != null && !token.isEmpty()) {
            return locks.check(resource, token, current.require());
        }
        return locks.look(resource, current.require()).orElseThrow(() -> new NotLockedException(resource));
    }
}
