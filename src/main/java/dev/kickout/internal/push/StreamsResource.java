package dev.kickout.internal.push;

import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /admin/streams}: open event streams on this instance (a metric). */
@Tag(name = "Kickout admin", description = "Administration: sessions, locks, audit (role kickout.admin.role)")
@SecurityRequirement(name = ApiDoc.BEARER)
@SecurityRequirement(name = ApiDoc.COOKIE)
@Path("admin/streams")
@RequiresAdmin
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class StreamsResource {

    @Inject
    SseHub hub;
    @Inject
    Push push;

    @GET
    @Operation(summary = "Open event streams on this instance")
    @APIResponse(responseCode = "200", description = "{open, subscribed}")
    public Map<String, Object> streams() {
        return Map.of("open", hub.openStreams(), "subscribed", push.subscribed());
    }
}
