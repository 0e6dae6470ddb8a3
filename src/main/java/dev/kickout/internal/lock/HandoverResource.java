package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.internal.session.CallerSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /locks/{type}/{id}/handover}: a waiter asks the holder to hand the lock over, with a short
 * message ({@code HANDOVER_REQUESTED} to the holder's pages); the holder accepts (the holding ends,
 * nothing saved, and the lock is reserved for the requester) or declines ({@code HANDOVER_ANSWERED}).
 */
@Tag(name = "Kickout edit locks")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("locks/{type}/{id}/handover")
@Produces(MediaType.APPLICATION_JSON)
public class HandoverResource {

    @Inject
    LockRooms rooms;
    @Inject
    CallerSession current;

    /** Body of a request: a short message for the holder (at most {@value LockRooms#MESSAGE_MAX} characters). */
    public record Ask(String message) {
    }

    /** Body of the holder's answer. */
    public record Answer(Boolean accept) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Ask the holder to hand over (a waiter only)")
    @APIResponse(responseCode = "202", description = "{requestId}: the holder's pages are told")
    @APIResponse(responseCode = "404", description = "NOT_LOCKED: nobody holds it")
    @APIResponse(responseCode = "409", description = "NOT_WAITING: join the queue first")
    @APIResponse(responseCode = "429", description = "TOO_MANY_ATTEMPTS: the caller's last request is open or was answered within 30 s")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN; a message over 280 characters or with control characters")
    public Response ask(@PathParam("type") String type, @PathParam("id") String id, Ask body) {
        String requestId = rooms.askHandover(new ResourceRef(type, id), current.require(), body == null ? null : body.message());
        return Response.accepted(Map.of("requestId", requestId)).build();
    }

    @POST
    @Path("{requestId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The holder's answer (X-Lock-Token): accept ends the holding and reserves the lock for the requester")
    @APIResponse(responseCode = "200", description = "{accepted}")
    @APIResponse(responseCode = "404", description = "NOT_FOUND: no open request with that id for this holder")
    @APIResponse(responseCode = "409", description = "LOCK_LOST: the token no longer holds the lock")
    @APIResponse(responseCode = "423", description = "LOCK_HELD: the token is another session's")
    @APIResponse(responseCode = "400", description = "LOCK_TYPE_UNKNOWN; accept missing")
    public Map<String, Boolean> answer(@PathParam("type") String type, @PathParam("id") String id,
                                       @PathParam("requestId") String requestId,
                                       @HeaderParam(LockResource.LOCK_TOKEN) String token, Answer body) {
        if (body == null || body.accept() == null) {
            throw new dev.kickout.InvalidRequestException("The body must be {\"accept\": true} or {\"accept\": false}");
        }
        rooms.answerHandover(new ResourceRef(type, id), token, current.require(), requestId, body.accept());
        return Map.of("accepted", body.accept());
    }
}
