package dev.kickout.push;

import dev.kickout.config.KickoutConfig;
import dev.kickout.session.CurrentSession;
import dev.kickout.session.Session;
import dev.kickout.session.SessionService;
import jakarta.inject.Inject;
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

/**
 * {@code /events}: the session's event stream. Browsers open it with a ticket
 * ({@code POST /events/ticket}, then {@code GET /events?ticket=...}), other clients with their
 * bearer header; {@code Last-Event-ID} replays what was missed.
 */
@Path("events")
public class EventsResource {

    @Inject
    SessionService sessions;
    @Inject
    CurrentSession current;
    @Inject
    EventLog log;
    @Inject
    SseHub hub;
    @Inject
    KickoutConfig config;

    /** Answer of {@code POST /events/ticket}. */
    public record Ticket(String ticket, long expiresIn) {
    }

    @POST
    @Path("ticket")
    @Produces(MediaType.APPLICATION_JSON)
    public Ticket ticket() {
        return new Ticket(sessions.issueTicket(current.require()), config.sseTicketTtl().toSeconds());
    }

    /** The stream; a refused ticket or token is a 401 problem, sent before any event. */
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void stream(@QueryParam("ticket") String ticket, @HeaderParam("Authorization") String authorization,
                       @HeaderParam("Last-Event-ID") String lastEventId,
                       @Context SseEventSink sink, @Context Sse sse) {
        Session session = ticket != null ? sessions.redeemTicket(ticket) : sessions.authenticate(bearer(authorization));
        hub.open(session.sessionId(), sink, sse, lastEventId == null ? java.util.List.of()
                : log.since(session.sessionId(), lastEventId));
    }

    private static String bearer(String header) {
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : null;
    }
}
