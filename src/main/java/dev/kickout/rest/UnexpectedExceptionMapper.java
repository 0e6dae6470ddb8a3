package dev.kickout.rest;

import dev.kickout.KickoutException;
import dev.kickout.config.KickoutConfig;
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
 * refusal or a JPA optimistic-lock failure first; anything else is a bug: logged with an incident
 * id, answered without a stack trace.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    @Inject
    KickoutConfig config;

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
        return Problems.response(Problems.unexpected(e), config);
    }
}
