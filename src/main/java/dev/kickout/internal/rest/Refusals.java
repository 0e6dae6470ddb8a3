package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
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
