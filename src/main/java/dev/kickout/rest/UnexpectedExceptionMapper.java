package dev.kickout.rest;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.lock.HeldLock;
import dev.kickout.lock.VersionConflictException;
import jakarta.inject.Inject;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Runtime exceptions that are not themselves domain refusals. Containers wrap what a method threw
 * (WildFly: EJBException, EJBTransactionRolledbackException, RollbackException; Payara:
 * TransactionalException for a commit-time failure), so the cause chain is searched for a domain
 * refusal or a JPA optimistic-lock failure first. A guarded save that the lock's re-check at commit
 * rolled back reaches here as the container's rollback exception, carrying no reason: the reason is
 * the refusal {@link HeldLock} recorded. Anything else is a bug: logged with an incident id,
 * answered without a stack trace.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    @Inject
    KickoutConfig config;
    @Inject
    HeldLock heldLock;

    @Override
    public Response toResponse(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof KickoutException refusal) {
                return Problems.response(refusal, config);
            }
            if (cause instanceof OptimisticLockException) {
                return Problems.response(new VersionConflictException("Someone saved this record first; reload it"), config);
            }
        }
        KickoutException atCommit = heldLock.refusedAtCommit().orElse(null);
        if (atCommit != null) {
            return Problems.response(atCommit, config);
        }
        return Problems.response(Problems.unexpected(e), config);
    }
}
