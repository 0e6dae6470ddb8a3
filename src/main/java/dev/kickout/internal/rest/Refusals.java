package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import java.util.Locale;
import java.util.Optional;

/**
 * The domain refusal behind an exception the container wrapped (WildFly: EJBException,
 * EJBTransactionRolledbackException, RollbackException; Payara: TransactionalException for a
 * commit-time failure): a {@link KickoutException} in the cause chain, else what a feature's
 * {@link RefusalFinder} reads in it.
 */
@ApplicationScoped
public class Refusals {

    @Inject
    @Any
    Instance<RefusalFinder> finders;
    @Inject
    KickoutConfig config;
    @Inject
    HttpServletRequest request;
    @Inject
    Metrics metrics;

    /**
     * The problem answer to {@code e}: the refusal behind it, else {@code unexpected} as a bug (logged with
     * an incident id, 500 {@code INTERNAL_ERROR}).
     */
    Response answer(Throwable e, RuntimeException unexpected) {
        Locale language = Problems.language(request);
        return behind(e).map(refusal -> {
            metrics.refused(refusal.status(), refusal.code());
            return Problems.response(refusal, config, language);
        }).orElseGet(() -> Problems.response(Problems.unexpected(unexpected), config, language));
    }

    Optional<KickoutException> behind(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof KickoutException refusal) {
                return Optional.of(refusal);
            }
        }
        for (RefusalFinder finder : finders) {
            Optional<KickoutException> refusal = finder.behind(e);
            if (refusal.isPresent()) {
                return refusal;
            }
        }
        return Optional.empty();
    }
}
