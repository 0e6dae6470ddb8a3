package dev.kickout.internal.admin;

import dev.kickout.KickoutException;
import dev.kickout.internal.Json;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.internal.rest.Problems;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Locale;

/**
 * Applies {@link AdminGuard} to every method of a bean marked {@link RequiresAdmin}, however its class
 * reached JAX-RS: also in a host's Application that lists the module's resources without its providers.
 * A refusal leaves as a {@link WebApplicationException} that carries the finished 401/403 problem, which
 * JAX-RS answers as it is when no mapper of the module is registered (and the module's own mapper of
 * {@code WebApplicationException} passes on).
 */
@Interceptor
@RequiresAdmin
@Priority(Interceptor.Priority.LIBRARY_BEFORE)
public class AdminCheck {

    @Inject
    AdminGuard guard;
    @Inject
    KickoutConfig config;
    @Inject
    HttpRequests requests;
    @Inject
    Metrics metrics;
    @Inject
    Json json;

    @AroundInvoke
    Object check(InvocationContext call) throws Exception {
        try {
            guard.require();
        } catch (KickoutException e) {
            metrics.refused(e.status(), e.code());
            Locale language = requests.current().map(Problems::language).orElse(Locale.ENGLISH);
            Response problem = Problems.response(e, config, language);
            // written here: the host's Application may have no JSON provider for problem+json
            throw new WebApplicationException(e, Response.fromResponse(problem).entity(json.write(problem.getEntity())).build());
        }
        return call.proceed();
    }
}
