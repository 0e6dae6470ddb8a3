package dev.kickout.internal.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.RollbackException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * A commit that rolled back, as {@code @Transactional} on WildFly (Narayana) throws it: unwrapped
 * and checked, so the {@link RuntimeException} mapper never sees it. Answered as the refusal that
 * caused it ({@link Refusals}: LOCK_LOST from the lock's re-check at commit, VERSION_CONFLICT);
 * otherwise a bug, logged with an incident id.
 */
@ApplicationScoped
public class RollbackExceptionMapper implements ExceptionMapper<RollbackException> {

    @Inject
    Refusals refusals;

    @Override
    public Response toResponse(RollbackException e) {
        return refusals.answer(e, new IllegalStateException(e));
    }
}
