package dev.kickout.audit;

import dev.kickout.Checks;
import dev.kickout.InvalidRequestException;
import dev.kickout.admin.RequiresAdmin;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/** {@code GET /admin/audit?limit=&before=}: the audit trail, newest first. */
@Path("admin/audit")
@RequiresAdmin
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog log;

    @GET
    public Map<String, List<AuditEntry>> list(@QueryParam("limit") String limit, @QueryParam("before") String before) {
        if (before != null && !before.isEmpty() && AuditLog.parse(before) == null) {
            throw new InvalidRequestException("before must be an audit entry id such as 1732890000000-0");
        }
        return Map.of("items", log.list(Checks.intParam("limit", limit, 50, 1, 500),
                before == null || before.isEmpty() ? null : before));
    }
}
