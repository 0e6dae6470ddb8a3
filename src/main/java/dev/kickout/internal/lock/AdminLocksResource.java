package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.Checks;
import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.UserIds;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /admin/locks}: every held lock, and force release. */
@Tag(name = "Kickout admin", description = "Administration: sessions, locks, audit (role kickout.admin.role)")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin/locks")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AdminLocksResource {

    @Inject
    EditLocks locks;
    @Inject
    CallerSession current;
    @Inject
    UserIds userIds;

    /** Body of a force release. */
    public record Release(String reason) {
    }

    /** {@code GET /admin/locks?type=&userId=&offset=&limit=}: {@code {total, items}}, limit 50 by default, 500 at most. */
    @GET
    @Operation(summary = "Every held lock, filtered by type and holder")
    @APIResponse(responseCode = "200", description = "{total, items}",
            content = @Content(schema = @Schema(implementation = EditLocks.Page.class)))
    public EditLocks.Page list(@QueryParam("type") String type, @QueryParam("userId") String userId,
                               @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        String typeFilter = type == null || type.isEmpty() ? null : Checks.matching("type", type, ResourceRef.TYPE);
        String userFilter = userId == null || userId.isEmpty() ? null : userIds.named(userId);
        return locks.list(typeFilter, userFilter, Checks.intParam("offset", offset, 0, 0, 1_000_000_000),
                Checks.intParam("limit", limit, 50, 1, 500));
    }

    @POST
    @Path("{type}/{id}/release")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Force release: the holder's token is invalid at once, the holder is told, then the lock goes")
    @APIResponse(responseCode = "200", description = "{released: lock view}")
    @APIResponse(responseCode = "404", description = "NOT_LOCKED: nobody holds it")
    public Map<String, LockView> release(@PathParam("type") String type, @PathParam("id") String id, Release body) {
        String reason = Checks.optionalText("reason", body == null ? null : body.reason(), 500);
        LockView released = locks.forceRelease(new ResourceRef(type, id),
                reason == null ? "Released by an administrator" : reason, current.actor());
        return Map.of("released", released);
    }
}
