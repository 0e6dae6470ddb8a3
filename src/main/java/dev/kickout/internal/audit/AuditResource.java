package dev.kickout.internal.audit;

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

/**
 * {@code GET /admin/audit?limit=&before=&actor=&target=&action=&from=&to=}: the audit trail,
 * newest first, optionally filtered (actor user id, target and action exact; {@code from}
 * inclusive and {@code to} exclusive, ISO-8601 instants). Bad values answer 400.
 */
@Tag(name = "Kickout admin", description = "Administration: sessions, locks, audit (role kickout.admin.role)")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin/audit")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog log;

    @GET
    @Operation(summary = "The audit trail, newest first, optionally filtered")
    @APIResponse(responseCode = "200", description = "{items, next}",
            content = @Content(schema = @Schema(implementation = AuditPage.class)))
    public AuditPage list(@QueryParam("limit") String limit, @QueryParam("before") String before,
                          @QueryParam("actor") String actor, @QueryParam("target") String target,
                          @QueryParam("action") String action, @QueryParam("from") String from,
                          @QueryParam("to") String to) {
        return log.list(AuditQuery.of(limit, before, actor, target, action, from, to));
    }
}
