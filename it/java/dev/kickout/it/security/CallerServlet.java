package dev.kickout.it.security;

import dev.kickout.CurrentSession;
import dev.kickout.SessionView;
import dev.kickout.internal.session.Session;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBAccessException;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.security.enterprise.SecurityContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.function.Supplier;

/**
 * What every container check sees of the caller, as JSON. Mapped on a path no one protects, on a
 * web.xml-constrained path (ops-admins only), and inside the token filter's /api/*.
 * {@code /it-security/ejb-admin} calls the guarded EJB method without catching, to show the host's
 * own handling of a refusal.
 */
@WebServlet(urlPatterns = {"/it-security/caller", "/it-security/admin-area/caller", "/api/it-security/caller",
        "/it-security/ejb-admin"})
public class CallerServlet extends HttpServlet {

    @EJB
    GuardedEjb ejb;
    @Inject
    StaffBean staff;
    @Inject
    ClerkDesk desk;
    @Inject
    Shredder shredder;
    @Inject
    SecurityContext security;
    @Inject
    CurrentSession current;

    /** The same report for an unsafe method: in cookie mode it needs the CSRF token, as any cookie-borne POST. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        doGet(request, response);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getServletPath().equals("/it-security/ejb-admin")) {
            response.getWriter().write(ejb.adminOnly());
            return;
        }
        JsonObjectBuilder seen = Json.createObjectBuilder()
                .add("servletPrincipal", name(request.getUserPrincipal()))
                .add("servletOpsAdmins", request.isUserInRole("ops-admins"))
                .add("servletStaff", request.isUserInRole("staff"))
                .add("securityContextPrincipal", name(security.getCallerPrincipal()))
                .add("securityContextOpsAdmins", security.isCallerInRole("ops-admins"))
                .add("securityContextStaff", security.isCallerInRole("staff"))
                .add("ejbPrincipal", ejb.caller())
                .add("ejbOpsAdmins", ejb.inRole("ops-admins"))
                .add("ejbStaff", ejb.inRole("staff"))
                .add("ejbAdminOnly", attempt(ejb::adminOnly))
                .add("cdiStaffOnly", attempt(staff::staffOnly))
                .add("cdiClassLevel", attempt(desk::serve))
                .add("cdiPermitAll", attempt(desk::openingHours))
                .add("cdiDenyAll", attempt(desk::shred))
                .add("cdiDenyAllAlone", attempt(staff::burn))
                .add("cdiClassDenyAll", attempt(shredder::shred))
                .add("cdiClassDenyAllRoles", attempt(shredder::feed))
                .add("cdiClassDenyAllPermitAll", attempt(shredder::look))
                .add("mechanismSession", request.getAttribute(Session.REQUEST_ATTRIBUTE) instanceof Session)
                .add("currentSession", current.get().map(SessionView::userId).orElse("none"));
        response.setContentType("application/json");
        response.getWriter().write(seen.build().toString());
    }

    private static String name(Principal principal) {
        return principal == null ? "none" : principal.getName();
    }

    private static String attempt(Supplier<String> call) {
        try {
            return "allowed:" + call.get();
        } catch (EJBAccessException e) {
            return "refused:" + e.getClass().getSimpleName();
        } catch (RuntimeException e) {
            // the CDI case: whatever a server throws for @RolesAllowed on a plain bean, if anything
            return "refused:" + e.getClass().getSimpleName();
        }
    }
}
