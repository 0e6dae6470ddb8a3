package dev.kickout.admin;

import dev.kickout.config.KickoutConfig;
import dev.kickout.session.CurrentSession;
import dev.kickout.session.Session;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * Lets only {@code kickout.admin.role} through to the admin endpoints. A configurable role rules
 * out a static {@code @RolesAllowed}; denials are announced as {@link AdminDenied} for the audit.
 */
@ApplicationScoped
public class AdminGuard {

    @Inject
    CurrentSession current;
    @Inject
    KickoutConfig config;
    @Inject
    Event<AdminDenied> denied;

    /** The caller's session if it has the admin role; else 403 FORBIDDEN. */
    public Session require(ContainerRequestContext request) {
        Session session = current.require();
        if (!session.roles().contains(config.adminRole())) {
            denied.fire(new AdminDenied(current.actor(), request.getMethod(), request.getUriInfo().getPath()));
            throw new ForbiddenException(config.adminRole());
        }
        return session;
    }
}
