package dev.kickout.internal.lock;

import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.util.Optional;

/** The lock token in the request's {@code X-Lock-Token} header (the REST clients' way). */
@ApplicationScoped
@Priority(200)
class LockTokenHeader implements LockTokenSource {

    @Inject
    HttpRequests requests;


    @Override
    public Optional<String> find(InvocationContext call) {
        return requests.current().map(request -> request.getHeader(LockResource.LOCK_TOKEN)).filter(t -> !t.isEmpty());
    }
}
