package dev.kickout.internal.ban;

import dev.kickout.BanView;
import dev.kickout.internal.Checks;
import dev.kickout.internal.NotFoundException;
import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.SessionDirectory.Page;
import dev.kickout.internal.session.UserIds;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /admin/bans}: the bans in force, and lifting one (a ban is set by a kick, {@code POST /admin/users/{userId}/logout}). */
@Tag(name = "Kickout admin", description = "Administration: sessions, locks, audit (role kickout.admin.role)")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin/bans")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AdminBansResource {

    @Inject
    Bans bans;
    @Inject
    CallerSession current;
    @Inject
    UserIds userIds;

    @GET
    @Operation(summary = "Bans in force, soonest end first")
    @APIResponse(responseCode = "200", description = "{total, items: [{userId, until, reason, by, at}]}")
    public Page<BanView> list(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        return bans.page(Checks.intParam("offset", offset, 0, 0, Bans.LISTING_WINDOW),
                Checks.intParam("limit", limit, 50, 1, 500));
    }

    @DELETE
    @Path("{userId}")
    @Operation(summary = "Lift a user's ban: the user may sign in again")
    @APIResponse(responseCode = "200", description = "{lifted: ban}",
            content = @Content(schema = @Schema(implementation = Lifted.class)))
    @APIResponse(responseCode = "404", description = "NOT_FOUND: the user is not banned")
    public Lifted lift(@PathParam("userId") String userId) {
        String user = userIds.named(userId);
        current.require();
        return new Lifted(bans.lift(user, current.actor())
                .orElseThrow(() -> new NotFoundException(Text.of("ban.none", user))));
    }

    /** Answer of {@code DELETE /admin/bans/{userId}}. */
    public record Lifted(BanView lifted) {
    }
}
