package dev.kickout.audit;

import dev.kickout.admin.RequiresAdmin;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /admin/audit?limit=&before=&actor=&target=&action=&from=&to=}: the audit trail,
 * newest first, optionally filtered (actor user id, target and action exact; {@code from}
 * inclusive and {@code to} exclusive, ISO-8601 instants). Bad values answer 400.
 */
@Path("admin/audit")
@RequiresAdmin
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog log;

    @GET
    public AuditPage list(@QueryParam("limit") String limit, @QueryParam("before") String before,
                          @QueryParam("actor") String actor, @QueryParam("target") String target,
                          @QueryParam("action") String action, @QueryParam("from") String from,
                          @QueryParam("to") String to) {
        return log.list(AuditQuery.of(limit, before, actor, target, action, from, to));
    }
}
