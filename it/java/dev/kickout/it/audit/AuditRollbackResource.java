package dev.kickout.it.audit;

import dev.kickout.Actor;
import dev.kickout.internal.audit.AuditLog;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Test-only endpoint: records an audit entry inside a JTA transaction that then rolls back. */
@Path("it/audit-rollback")
@Produces(MediaType.APPLICATION_JSON)
public class AuditRollbackResource {

    @Inject
    AuditLog log;
    @Resource
    TransactionSynchronizationRegistry transaction;

    @POST
    @Transactional
    public Map<String, Integer> recordThenRollBack(@QueryParam("target") String target) {
        log.record("LOGOUT", Actor.SYSTEM, target, "caller rolled back", "DONE", Map.of());
        int status = transaction.getTransactionStatus();
        transaction.setRollbackOnly();
        return Map.of("callerTransactionStatus", status);
    }
}
