package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /locks/{type}/{id}/queue}: wait in line for a record's lock. When the lock frees, the first in
 * line has it reserved for {@code kickout.lock.reservation} ({@code LOCK_RESERVED}); the others are told
 * their new places ({@code LOCK_QUEUE}). A waiter keeps its place while its page calls
 * {@code PUT .../presence} (every heartbeat period).
 */
@Tag(name = "Kickout edit locks")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("locks/{type}/{id}/queue")
@Produces(MediaType.APPLICATION_JSON)
public class LockQueueResource {

    @Inject
    LockRooms rooms;
    @Inject
    CallerSession current;

    @POST
    @Operation(summary = "Join the record's queue (a free record with nobody ahead is reserved for the caller at once)")
    @APIResponse(responseCode = "200", description = "The caller's place: position (1 is next), size, reservedUntil",
            content = @Content(schema = @Schema(implementation = Place.class)))
    @APIResponse(responseCode = "409", description = "QUEUE_FULL (scope RECORD or USER, limit), or ALREADY_HOLDER: the caller holds the lock")
    @APIResponse(responseCode = "403", description = "LOCK_FORBIDDEN: the host's lock policy refuses the caller this record")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN")
    public Place join(@PathParam("type") String type, @PathParam("id") String id) {
        return rooms.join(new ResourceRef(type, id), current.require());
    }

    @GET
    @Operation(summary = "The caller's place in the queue (position 0 when not in it)")
    @APIResponse(responseCode = "200", description = "The caller's place",
            content = @Content(schema = @Schema(implementation = Place.class)))
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN")
    public Place place(@PathParam("type") String type, @PathParam("id") String id) {
        return rooms.place(new ResourceRef(type, id), current.require());
    }

    @DELETE
    @Operation(summary = "Leave the queue; a reservation the caller held passes to the next in line")
    @APIResponse(responseCode = "204", description = "Out of the queue (also when it was not in it)")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN")
    public Response leave(@PathParam("type") String type, @PathParam("id") String id) {
        rooms.leave(new ResourceRef(type, id), current.require());
        return Response.noContent().build();
    }
}
