package dev.kickout.internal.session;

import dev.kickout.InvalidRequestException;
import dev.kickout.SessionView;
import dev.kickout.internal.NotFoundException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.rest.ClientAddress;
import dev.kickout.internal.rest.Problem;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /auth}: login, logout, who am I, and the cheap status poll. */
@Tag(name = "Kickout sessions", description = "Login, logout and the caller's own session")
@SecurityScheme(securitySchemeName = ApiDoc.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "The token from POST /auth/login, as 'Authorization: Bearer <token>' (bearer mode, the default).")
@SecurityScheme(securitySchemeName = ApiDoc.COOKIE, type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.COOKIE,
        apiKeyName = "KICKOUT_SESSION", description = "Cookie mode (kickout.cookie.enabled=true): the session cookie "
        + "(named by kickout.cookie.name) set by a form login. Unsafe methods also need the CSRF header.")
@SecurityScheme(securitySchemeName = ApiDoc.CSRF, type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.HEADER,
        apiKeyName = "X-CSRF-Token", description = "Cookie mode: the value of the KICKOUT_CSRF cookie, on every "
        + "POST, PUT and DELETE; without it 403 CSRF_REJECTED.")
@SecurityScheme(securitySchemeName = ApiDoc.TICKET, type = SecuritySchemeType.APIKEY, in = SecuritySchemeIn.QUERY,
        apiKeyName = "ticket", description = "GET /events only: a single-use ticket from POST /events/ticket, "
        + "for a browser's EventSource, which cannot send headers.")
@Path("auth")
@Produces(MediaType.APPLICATION_JSON)
public class AuthResource {

    @Inject
    SessionService sessions;
    @Inject
    CallerSession current;
    @Inject
    FormLogin formLogin;
    @Inject
    KickoutConfig config;
    @Inject
    ClientAddress clients;
    @Inject
    DeviceCookies devices;

    /** Body of {@code POST /auth/login}. */
    public record LoginRequest(String username, String password, String deviceType, String clientId) {
    }

    /** Body of {@code GET /auth/status}. */
    public record Status(String state, Instant expiresAt) {
    }

    @POST
    @Path("login")
    @ApiDoc.Anonymous
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in (JSON; in cookie mode also a form post): checks the credentials with the app's IdentityStores and applies the login policy")
    @APIResponse(responseCode = "200", description = "The new session and its token; replaced lists the sessions this login ended. "
            + "Sets the KICKOUT_DEVICE cookie: this browser is then a known device of the user for the login throttle",
            content = @Content(schema = @Schema(implementation = LoginResult.class)))
    @APIResponse(responseCode = "303", description = "Cookie mode, a form post: on to the next page (signed in) or back to the sign-in page")
    @APIResponse(responseCode = "401", description = "BAD_CREDENTIALS: unknown user or wrong password",
            content = @Content(mediaType = ApiDoc.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "NOT_FOUND: HttpSession mode, where the host's own login page signs in "
            + "(unless kickout.http-session.module-sign-in=true)",
            content = @Content(mediaType = ApiDoc.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "SESSION_LIMIT: refused by the REJECT policy or the device-type cap",
            content = @Content(mediaType = ApiDoc.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "429", description = "TOO_MANY_ATTEMPTS: too many recent failed sign-ins of this username from this address "
            + "or over all addresses, from this address, or with this known device (KICKOUT_DEVICE cookie); Retry-After says when to try again",
            content = @Content(mediaType = ApiDoc.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response login(LoginRequest body, @Context HttpServletRequest request) {
        requireOwnSignIn();
        if (body == null) {
            throw new InvalidRequestException(Text.of("login.body"));
        }
        ClientInfo client = new ClientInfo(body.deviceType(), body.clientId(), clients.of(request),
                request.getHeader("User-Agent"));
        SessionService.SignedIn signedIn = sessions.signIn(body.username(), body.password(), client,
                devices.presented(request), true);
        return Response.ok(signedIn.result()).header("Set-Cookie", devices.issue(request, signedIn.deviceCookie())).build();
    }

    /** Cookie mode's sign-in form; see {@link FormLogin}. */
    @POST
    @Path("login")
    @ApiDoc.Anonymous
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(summary = "Sign in (JSON; in cookie mode also a form post): checks the credentials with the app's IdentityStores and applies the login policy")
    @APIResponse(responseCode = "200", description = "The new session and its token; replaced lists the sessions this login ended. "
            + "Sets the KICKOUT_DEVICE cookie: this browser is then a known device of the user for the login throttle",
            content = @Content(schema = @Schema(implementation = LoginResult.class)))
    @APIResponse(responseCode = "303", description = "Cookie mode, a form post: on to the next page (signed in) or back to the sign-in page")
    @APIResponse(responseCode = "401", description = "BAD_CREDENTIALS: unknown user or wrong password")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: HttpSession mode, where the host's own login page signs in "
            + "(unless kickout.http-session.module-sign-in=true)",
            content = @Content(mediaType = ApiDoc.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "SESSION_LIMIT: refused by the REJECT policy or the device-type cap")
    @APIResponse(responseCode = "429", description = "TOO_MANY_ATTEMPTS: too many recent failed sign-ins of this username from this address "
            + "or over all addresses, from this address, or with this known device (KICKOUT_DEVICE cookie); Retry-After says when to try again")
    public Response formLogin(String body, @Context HttpServletRequest request) {
        requireOwnSignIn();
        return formLogin.login(request, body);
    }

    /**
     * In HttpSession mode the host's login page is the one way in (its MFA, captcha or password rules are
     * not the module's to skip): the module's sign-in is not found unless the host turned it on.
     */
    private void requireOwnSignIn() {
        if (!config.httpSession().moduleSignInOpen()) {
            throw new NotFoundException(Text.of("login.container-only"));
        }
    }

    /** Ends the session; in cookie mode also clears the cookies, and a form post goes on to the sign-in page. */
    @POST
    @Path("logout")
    @Operation(summary = "Sign out: ends the caller's session (and, in cookie mode, clears the cookies)")
    @SecurityRequirement(name = ApiDoc.BEARER)
    @SecurityRequirement(name = ApiDoc.COOKIE)
    @APIResponse(responseCode = "204", description = "Signed out")
    @APIResponse(responseCode = "303", description = "Cookie mode, a form post: signed out, on to the sign-in page")
    public Response logout(@Context HttpServletRequest request) {
        sessions.logout(current.require(), current.actor());
        return config.cookie().enabled() ? formLogin.signedOut(request) : Response.noContent().build();
    }

    @GET
    @Path("me")
    @Operation(summary = "The caller's own session")
    @SecurityRequirement(name = ApiDoc.BEARER)
    @SecurityRequirement(name = ApiDoc.COOKIE)
    @APIResponse(responseCode = "200", description = "The session view, current=true",
            content = @Content(schema = @Schema(implementation = SessionView.class)))
    public SessionView me() {
        return current.require().view(true);
    }

    @GET
    @Path("status")
    @Operation(summary = "The cheap polling fallback of the events: ACTIVE, or the 401 that says why not")
    @SecurityRequirement(name = ApiDoc.BEARER)
    @SecurityRequirement(name = ApiDoc.COOKIE)
    @APIResponse(responseCode = "200", description = "The session is active",
            content = @Content(schema = @Schema(implementation = Status.class)))
    public Status status() {
        return new Status("ACTIVE", current.require().expiresAt());
    }
}
