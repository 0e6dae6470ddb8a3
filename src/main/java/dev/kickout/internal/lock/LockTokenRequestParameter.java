package dev.kickout.internal.lock;

import dev.kickout.LockToken;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.BodyParameters;
import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.util.Optional;

/**
 * The lock token as a request parameter named {@code kickout.lock.token-parameter} (default
 * {@code lockToken}): a form post's field or a Faces action's hidden input; never the query string, which
 * ends up in access logs.
 * JAX-RS resources that consume the form themselves should pass it as a {@link LockToken}
 * {@code @FormParam} instead: once JAX-RS has read the body, the servlet request may not see it.
 */
@ApplicationScoped
@Priority(300)
class LockTokenRequestParameter implements LockTokenSource {

    @Inject
    HttpRequests requests;
    @Inject
    KickoutConfig config;


    @Override
    public Optional<String> find(InvocationContext call) {
        return requests.current().flatMap(request -> BodyParameters.first(request, config.lock().tokenParameter()))
                .filter(t -> !t.isEmpty());
    }
}
