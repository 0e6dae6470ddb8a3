package dev.kickout.it.facade;

import dev.kickout.Actor;
import dev.kickout.BanView;
import dev.kickout.KickResult;
import dev.kickout.Kickout;
import dev.kickout.LockView;
import dev.kickout.SessionView;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A host's own code that uses the facade, as an HR system or a workflow would: it decides on its own
 * (here: whoever calls it) and acts as the actor {@value #ACTOR}. Joins the reference app's scanning
 * Application under {@code /api/app}.
 */
@Path("hr")
@Produces(MediaType.APPLICATION_JSON)
public class HrDesk {

    static final String ACTOR = "hr-system";
    private static final Actor HR = new Actor(ACTOR, null, null);

    @Inject
    Kickout kickout;

    @POST
    @Path("accounts/{userId}/disable")
    public List<SessionView> disable(@PathParam("userId") String userId, @QueryParam("reason") String reason) {
        return kickout.kickUser(userId, reason, HR);
    }

    @POST
    @Path("accounts/{userId}/devices/{deviceType}/kick")
    public List<SessionView> kickDevice(@PathParam("userId") String userId, @PathParam("deviceType") String deviceType,
                                        @QueryParam("reason") String reason) {
        return kickout.kickDeviceType(userId, deviceType, reason, HR);
    }

    @POST
    @Path("accounts/{userId}/end")
    public KickResult end(@PathParam("userId") String userId, @QueryParam("deviceType") String deviceType,
                          @QueryParam("reason") String reason) {
        return deviceType == null ? kickout.tryKickUser(userId, reason, HR)
                : kickout.tryKickDeviceType(userId, deviceType, reason, HR);
    }

    @POST
    @Path("sessions/{sessionId}/kick")
    public SessionView kickSession(@PathParam("sessionId") String sessionId, @QueryParam("reason") String reason) {
        return kickout.kickSession(sessionId, reason, HR).orElseThrow(NotFoundException::new);
    }

    @GET
    @Path("accounts/{userId}/sessions")
    public List<SessionView> sessions(@PathParam("userId") String userId) {
        return kickout.sessionsOf(userId);
    }

    @POST
    @Path("records/{type}/{id}/release")
    public LockView release(@PathParam("type") String type, @PathParam("id") String id,
                            @QueryParam("reason") String reason) {
        return kickout.releaseLock(type, id, reason, HR).orElseThrow(NotFoundException::new);
    }

    @GET
    @Path("records/{type}/{id}/holder")
    public LockView holder(@PathParam("type") String type, @PathParam("id") String id) {
        return kickout.lockOn(type, id).orElseThrow(NotFoundException::new);
    }

    @POST
    @Path("accounts/{userId}/suspend")
    public List<SessionView> suspend(@PathParam("userId") String userId, @QueryParam("for") String length,
                                     @QueryParam("reason") String reason) {
        return kickout.kickAndBan(userId, Duration.parse(length), reason, HR);
    }

    @POST
    @Path("accounts/{userId}/ban")
    public BanView banUntil(@PathParam("userId") String userId, @QueryParam("until") String until,
                            @QueryParam("reason") String reason) {
        return kickout.ban(userId, Instant.parse(until), reason, HR);
    }

    @DELETE
    @Path("accounts/{userId}/ban")
    public BanView lift(@PathParam("userId") String userId) {
        return kickout.lift(userId, HR).orElseThrow(NotFoundException::new);
    }

    @GET
    @Path("bans")
    public List<BanView> bans() {
        return kickout.bans(0, 50);
    }
}
