package dev.kickout.internal.admin;

import dev.kickout.BanView;
import dev.kickout.InvalidRequestException;
import dev.kickout.SessionView;
import dev.kickout.internal.Checks;
import dev.kickout.internal.NotFoundException;
import dev.kickout.internal.ban.Bans;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionDirectory;
import dev.kickout.internal.session.SessionDirectory.OnlineUser;
import dev.kickout.internal.session.SessionDirectory.Page;
import dev.kickout.internal.session.SessionService;
import dev.kickout.internal.session.Tombstone;
import dev.kickout.internal.session.UserIds;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code /admin}: who is online, and force logout by user, device type or session. */
@Tag(name = "Kickout admin", description = "Administration: sessions, locks, audit (role kickout.admin.role)")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AdminSessionsResource {

    static final String DEFAULT_REASON = "Signed out by an administrator";

    @Inject
    SessionDirectory directory;
    @Inject
    SessionService sessions;
    @Inject
    CallerSession current;
    @Inject
    UserIds userIds;

    @Inject
    Bans bans;

    /**
     * Body of {@code POST /admin/users/{userId}/logout}; {@code ban}, an ISO-8601 duration ({@code PT30M}) or
     * instant, also bans the user until then.
     */
    public record KickUser(String reason, String deviceType, String ban) {
    }

    /** Answer of a force logout; {@code ban} is the ban set with it, null without one. */
    public record Kicked(int kicked, List<String> sessionIds, BanView ban) {
    }

    @GET
    @Path("sessions")
    @Operation(summary = "Live sessions, filtered by user and device type")
    @APIResponse(responseCode = "200", description = "{total, items: [session view]}")
    public Page<SessionView> sessions(@QueryParam("userId") String userId, @QueryParam("deviceType") String deviceType,
                                      @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        Page<Session> page = directory.sessions(userIdOrNull(userId), deviceTypeOrNull(deviceType),
                Checks.intParam("offset", offset, 0, 0, Integer.MAX_VALUE), Checks.intParam("limit", limit, 50, 1, 500));
        String own = current.require().sessionId();
        return new Page<>(page.total(), page.items().stream().map(s -> s.view(s.sessionId().equals(own))).toList());
    }

    @GET
    @Path("users/online")
    @Operation(summary = "Users online, with their session counts")
    @APIResponse(responseCode = "200", description = "{total, items: [{userId, username, sessions, lastSeen}]}")
    public Page<OnlineUser> online(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        return directory.onlineUsers(Checks.intParam("offset", offset, 0, 0, Integer.MAX_VALUE),
                Checks.intParam("limit", limit, 50, 1, 500));
    }

    @POST
    @Path("users/{userId}/logout")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Force logout of a user's sessions (optionally of one device type), never the caller's own")
    @APIResponse(responseCode = "200", description = "{kicked, sessionIds, ban}",
            content = @Content(schema = @Schema(implementation = Kicked.class)))
    @APIResponse(responseCode = "404", description = "NOT_FOUND: the user has no live session (and no ban was given)")
    public Kicked kickUser(@PathParam("userId") String userId, KickUser body) {
        String user = userIdOrNull(userId);
        String deviceType = body == null ? null : deviceTypeOrNull(body.deviceType());
        String reason = reason(body == null ? null : body.reason());
        Session own = current.require();
        if (body != null && body.ban() != null) {
            if (deviceType != null) {
                throw new InvalidRequestException(Text.of("ban.device-type"));
            }
            // a ban stands whether or not the user has a live session: no 404 then
            Bans.Applied applied = bans.banAndKick(UserIds.checked(user), bans.term(body.ban()), reason, own.sessionId(),
                    current.actor());
            return new Kicked(applied.kicked().size(), applied.kicked().stream().map(Session::sessionId).toList(),
                    applied.ban());
        }
        List<Session> kicked = sessions.revokeUser(user, deviceType, own.sessionId(), Tombstone.KICKED, reason,
                current.actor());
        // a revoke that found nothing to end wrote nothing; only then is it worth asking whether the user exists
        if (kicked.isEmpty() && directory.sessionsOf(user).isEmpty()) {
            throw new NotFoundException(Text.of("admin.user-no-session", user));
        }
        return new Kicked(kicked.size(), kicked.stream().map(Session::sessionId).toList(), null);
    }

    @DELETE
    @Path("sessions/{sessionId}")
    @Operation(summary = "Force logout of one session (400 for the caller's own)")
    @APIResponse(responseCode = "200", description = "{kicked: 1}")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no live session with this id")
    public Map<String, Integer> kickSession(@PathParam("sessionId") String sessionId, @QueryParam("reason") String reason) {
        if (current.require().sessionId().equals(sessionId)) {
            throw new InvalidRequestException(Text.of("admin.own-session"));
        }
        sessions.revokeSession(sessionId, Tombstone.KICKED, reason(reason), current.actor())
                .orElseThrow(() -> new NotFoundException(Text.of("admin.no-session")));
        return Map.of("kicked", 1);
    }

    /** The user id an admin names, as the sign-ins map theirs ({@code kickout.user-id.case}, the host's mapping). */
    private String userIdOrNull(String userId) {
        return userId == null || userId.isEmpty() ? null : userIds.named(userId);
    }

    private static String deviceTypeOrNull(String deviceType) {
        return deviceType == null || deviceType.isEmpty() ? null : Checks.matching("deviceType", deviceType, Checks.LABEL);
    }

    private static String reason(String reason) {
        String text = Checks.optionalText("reason", reason, 500);
        return text == null ? DEFAULT_REASON : text;
    }
}
