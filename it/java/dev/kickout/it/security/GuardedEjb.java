package dev.kickout.it.security;

import jakarta.annotation.Resource;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;

/**
 * A legacy EJB guarded by the host's group name, and what it sees of its caller. Payara answers
 * {@code isCallerInRole} only for roles the bean declares (as the EJB spec says); WildFly for any.
 */
@Stateless
@DeclareRoles({"ops-admins", "staff"})
public class GuardedEjb {

    @Resource
    SessionContext context;

    @RolesAllowed("ops-admins")
    public String adminOnly() {
        return context.getCallerPrincipal().getName();
    }

    @PermitAll
    public String caller() {
        return context.getCallerPrincipal().getName();
    }

    @PermitAll
    public boolean inRole(String role) {
        return context.isCallerInRole(role);
    }
}
