package dev.kickout.internal.admin;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.Session;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * Lets only {@code kickout.admin.role} through to the admin endpoints. A configurable role rules
 * out a static {@code @RolesAllowed}; denials are announced as {@link AdminDenied} for the audit.
 */
@ApplicationScoped
public class AdminGuard {

    @Inject
    CallerSession current;
    @Inject
    KickoutConfig config;
    @Inject
    Event<AdminDenied> denied;
    @Inject
    HttpRequests requests;

    /** The caller's session if it has the admin role; else 403 FORBIDDEN. */
    public Session require(ContainerRequestContext request) {
        return require(request.getMethod(), request.getUriInfo().getPath());
    }

    /** The same check outside JAX-RS's filters, naming the call by the servlet request it serves. */
    public Session require() {
        HttpServletRequest request = requests.current().orElse(null);
        String path = request == null || request.getPathInfo() == null ? "" : request.getPathInfo();
        return require(request == null ? null : request.getMethod(), path.startsWith("/") ? path.substring(1) : path);
    }

    private Session require(String method, String path) {
        Session session = current.require();
        if (!session.roles().contains(config.adminRole())) {
            denied.fire(new AdminDenied(current.actor(), method, path));
            throw new ForbiddenException(config.adminRole());
        }
        return session;
    }
}
