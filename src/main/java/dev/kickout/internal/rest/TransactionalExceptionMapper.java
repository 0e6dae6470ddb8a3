package dev.kickout.internal.rest;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionalException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * A commit of {@code @Transactional} that failed, as Payara throws it. Jersey's CDI integration
 * brings its own mapper for exactly this type (which rethrows: a 500 page), so the
 * {@link RuntimeException} mapper never sees it; the priority makes this one win. Answered as the
 * refusal that caused it ({@link Refusals}: LOCK_LOST from the lock's re-check at commit,
 * VERSION_CONFLICT); otherwise a bug, logged with an incident id.
 */
@ApplicationScoped
@Priority(100)
public class TransactionalExceptionMapper implements ExceptionMapper<TransactionalException> {

    @Inject
    Refusals refusals;

    @Override
    public Response toResponse(TransactionalException e) {
        return refusals.answer(e, e);
    }
}
