package dev.kickout.internal.lock;

import dev.kickout.internal.Checks;
import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /admin/lock-queues}: the records someone waits for, with the holder, a reservation and the queue. */
@Tag(name = "Kickout admin")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin/lock-queues")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AdminQueuesResource {

    @Inject
    LockRooms rooms;

    @GET
    @Operation(summary = "The records with a queue or a reservation, by type/id")
    @APIResponse(responseCode = "200", description = "{total, items:[{type, id, holder, reservedFor, waiting}]}",
            content = @Content(schema = @Schema(implementation = LockRooms.QueuePage.class)))
    public LockRooms.QueuePage list(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        return rooms.queues(Checks.intParam("offset", offset, 0, 0, 1_000_000), Checks.intParam("limit", limit, 50, 1, 500));
    }
}
