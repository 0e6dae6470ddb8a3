package dev.kickout.internal.rest;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
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
    KickoutConfig config;
    @Inject
    HttpServletRequest request;
    @Inject
    Refusals refusals;
    @Inject
    Metrics metrics;

    @Override
    public Response toResponse(RollbackException e) {
        return refusals.behind(e).map(refusal -> {
                    metrics.refused(refusal.status(), refusal.code());
                    return Problems.response(refusal, config, Problems.language(request));
                })
                .orElseGet(() -> Problems.response(Problems.unexpected(new IllegalStateException(e)), config,
                        Problems.language(request)));
    }
}
