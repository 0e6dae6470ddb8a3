package dev.kickout.session;

import dev.kickout.InvalidRequestException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.i18n.Text;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;

/** {@code /auth}: login, logout, who am I, and the cheap status poll. */
@Path("auth")
@Produces(MediaType.APPLICATION_JSON)
public class AuthResource {

    @Inject
    SessionService sessions;
    @Inject
    CurrentSession current;
    @Inject
    FormLogin formLogin;
    @Inject
    KickoutConfig config;

    /** Body of {@code POST /auth/login}. */
    public record LoginRequest(String username, String password, String deviceType, String clientId) {
    }

    /** Body of {@code GET /auth/status}. */
    public record Status(String state, Instant expiresAt) {
    }

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_JSON)
    public LoginResult login(LoginRequest body, @Context HttpServletRequest request) {
        if (body == null) {
            throw new InvalidRequestException(Text.of("login.body"));
        }
        ClientInfo client = new ClientInfo(body.deviceType(), body.clientId(), request.getRemoteAddr(),
                request.getHeader("User-Agent"));
        return sessions.login(body.username(), body.password(), client);
    }

    /** Cookie mode's sign-in form; see {@link FormLogin}. */
    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response formLogin(String body, @Context HttpServletRequest request) {
        return formLogin.login(request, body);
    }

    /** Ends the session; in cookie mode also clears the cookies, and a form post goes on to the sign-in page. */
    @POST
    @Path("logout")
    public Response logout(@Context HttpServletRequest request) {
        sessions.logout(current.require(), current.actor());
        return config.cookieEnabled() ? formLogin.signedOut(request) : Response.noContent().build();
    }

    @GET
    @Path("me")
    public SessionView me() {
        return current.require().view(true);
    }

    @GET
    @Path("status")
    public Status status() {
        return new Status("ACTIVE", current.require().expiresAt());
    }
}
