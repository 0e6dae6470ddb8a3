package dev.kickout.internal.push;

import dev.kickout.event.StreamOpened;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.RequestCredentials;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionDirectory;
import dev.kickout.internal.session.SessionService;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.redisson.api.stream.StreamMessageId;

/**
 * {@code /events}: the session's event stream. Browsers open it with a ticket
 * ({@code POST /events/ticket}, then {@code GET /events?ticket=...}) or, in cookie mode, with the
 * session cookie alone; other clients with their bearer header; {@code Last-Event-ID} (or {@code ?lastEventId=}, as a browser's new
 * {@code EventSource} cannot send headers) replays what was missed. A stream opened without one
 * starts with {@code STREAM_OPEN}, whose id is where a later reconnect resumes. Caps:
 * {@code kickout.sse.max-streams-per-session} (the oldest closes), {@code kickout.sse.max-streams-per-user}
 * and {@code kickout.sse.max-streams} (one more is refused with 429 {@code TOO_MANY_ATTEMPTS}); a
 * stream lives at most {@code kickout.sse.max-age}, then ends with {@code RECONNECT}.
 */
@Tag(name = "Kickout events", description = "Server-sent events of the caller's session")
@Path("events")
public class EventsResource {

    @Inject
    Metrics metrics;
    @Inject
    SessionService sessions;
    @Inject
    CallerSession current;
    @Inject
    EventLog log;
    @Inject
    SseHub hub;
    @Inject
    RedisStore redis;
    @Inject
    SessionDirectory directory;
    @Inject
    KickoutConfig config;
    @Inject
    Event<StreamOpened> opened;
    @Inject
    RequestCredentials credentials;

    /** Answer of {@code POST /events/ticket}. */
    public record Ticket(String ticket, long expiresIn) {
    }

    @POST
    @Path("ticket")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A single-use, short-lived ticket to open the event stream from a browser")
    @SecurityRequirement(name = ApiDoc.BEARER)
    @SecurityRequirement(name = ApiDoc.COOKIE)
    @APIResponse(responseCode = "200", description = "The ticket and its lifetime in seconds",
            content = @Content(schema = @Schema(implementation = Ticket.class)))
    public Ticket ticket() {
        return new Ticket(sessions.issueTicket(current.require()), config.push().ticketTtl().toSeconds());
    }

    /**
     * The stream; a refused ticket or token is a 401 problem, a full stream cap a 429, sent before
     * any event. A browser opening a new {@code EventSource} (with a new ticket) cannot send
     * {@code Last-Event-ID}: it passes {@code ?lastEventId=} instead.
     *
     * <p>The stream says {@code X-Accel-Buffering: no} and {@code Cache-Control: no-cache}, so that a
     * reverse proxy (nginx) passes each event on at once instead of buffering or caching the response.
     *
     * <p>The stream is registered before its replay is read (live events meanwhile are held, then
     * sent after the replay unless it carried them), so no event falls between the two.
     */
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "The session's event stream: FORCE_LOGOUT, EDIT_LOCK_RELEASED, LOCK_AVAILABLE, STREAM_OPEN, RECONNECT, ...")
    @SecurityRequirement(name = ApiDoc.BEARER)
    @SecurityRequirement(name = ApiDoc.COOKIE)
    @SecurityRequirement(name = ApiDoc.TICKET)
    @APIResponse(responseCode = "200", description = "The stream (text/event-stream); Last-Event-ID or ?lastEventId= replays missed events")
    @APIResponse(responseCode = "429", description = "TOO_MANY_ATTEMPTS: a stream cap is full; Retry-After says when to try again")
    public void stream(@QueryParam("ticket") String ticket, @HeaderParam("Last-Event-ID") String lastEventIdHeader,
                       @QueryParam("lastEventId") String lastEventIdQuery,
                       @Context HttpServletRequest request, @Context HttpServletResponse response,
                       @Context SseEventSink sink, @Context Sse sse) {
        response.setHeader("X-Accel-Buffering", "no");
        response.setHeader("Cache-Control", "no-cache");
        StreamMessageId lastEventId = EventCursor.of(lastEventIdHeader, lastEventIdQuery);
        SessionService.RedeemedTicket redeemed = ticket != null ? sessions.redeemTicket(ticket) : null;
        Session session = redeemed != null ? redeemed.session()
                : sessions.authenticate(credentials.find(request).map(RequestCredentials.Credential::token).orElse(null));
        // read before registering (a ticket read it when it was issued): anything newer is either replayed or
        // delivered live
        String resumeFrom = lastEventId != null ? lastEventId.toString()
                : redeemed != null && redeemed.newestEventId() != null ? redeemed.newestEventId()
                : log.latestId(session.sessionId());
        OpenStream stream = hub.register(session, sink, sse);
        List<PushEvent> replay = new ArrayList<>();
        try {
            opened.fire(new StreamOpened(session.sessionId(), session.userId()));
            if (lastEventId == null) {
                replay.add(new PushEvent(session.sessionId(), resumeFrom, PushEvent.STREAM_OPEN,
                        "{\"lastEventId\":\"" + resumeFrom + "\"}"));
            }
            // the replay and where the session stands, in one round trip: a stream whose session is live
            // is next re-checked when its expiry passes, not at once
            RedisStore.Together<Map<StreamMessageId, Map<String, String>>> read = redis.runWith(
                    log.range(session.sessionId(), resumeFrom), List.of(directory.standingCall(session.sessionId())));
            EventLog.Replay since = log.replay(session.sessionId(), resumeFrom, read.command());
            SessionDirectory.Standing standing = directory.standing(read.scripts().get(0));
            if (standing.live()) {
                stream.slid(standing.expiresAt(), standing.readAt());
            }
            if (lastEventId != null) {
                metrics.replay(since.missed());
            }
            replay.addAll(since.events());
        } catch (RuntimeException e) {
            hub.drop(stream);
            throw e;
        }
        hub.start(stream, replay);
    }
}
