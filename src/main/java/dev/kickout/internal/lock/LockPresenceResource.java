package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
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
 * {@code /locks/{type}/{id}/presence}: a page that shows the record (holder, waiter or reader) says it
 * is still there, every heartbeat period, and reads who else is: a page not renewed within two
 * heartbeat periods drops out (a waiter with its place).
 */
@Tag(name = "Kickout edit locks")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("locks/{type}/{id}/presence")
@Produces(MediaType.APPLICATION_JSON)
public class LockPresenceResource {

    @Inject
    LockRooms rooms;
    @Inject
    CallerSession current;

    @PUT
    @Operation(summary = "Still here: the room (lock or reservation, the caller's place, who has the record open)")
    @APIResponse(responseCode = "200", description = "The room",
            content = @Content(schema = @Schema(implementation = Room.class)))
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN")
    public Room here(@PathParam("type") String type, @PathParam("id") String id) {
        return rooms.presence(new ResourceRef(type, id), current.require());
    }

    @DELETE
    @Operation(summary = "The page closed: off the viewers, out of the queue")
    @APIResponse(responseCode = "204", description = "Gone")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN")
    public Response gone(@PathParam("type") String type, @PathParam("id") String id) {
        rooms.leavePage(new ResourceRef(type, id), current.require());
        return Response.noContent().build();
    }
}
