package dev.kickout.internal.session;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.security.Principal;

/** The request as the host app sees it past the filter: principal and roles from the session. */
class SessionRequest extends HttpServletRequestWrapper {

    private final Session session;
    private final Principal principal;

    SessionRequest(HttpServletRequest request, Session session) {
        super(request);
        this.session = session;
        this.principal = new KickoutPrincipal(session.userId(), session.username());
    }

    @Override
    public Principal getUserPrincipal() {
        return principal;
    }

    @Override
    public String getRemoteUser() {
        return principal.getName();
    }

    @Override
    public boolean isUserInRole(String role) {
        return session.roles().contains(role);
    }

    @Override
    public String getAuthType() {
        return "Bearer";
    }
}
