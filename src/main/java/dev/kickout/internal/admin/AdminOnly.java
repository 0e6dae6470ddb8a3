package dev.kickout.internal.admin;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

/** Applies {@link AdminGuard} to every resource marked {@link RequiresAdmin}. */
@ApplicationScoped
@RequiresAdmin
@Priority(Priorities.AUTHORIZATION)
public class AdminOnly implements ContainerRequestFilter {

    @Inject
    AdminGuard guard;

    @Override
    public void filter(ContainerRequestContext request) {
        guard.require(request);
    }
}
