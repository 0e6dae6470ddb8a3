package dev.kickout.push;

import dev.kickout.admin.RequiresAdmin;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** {@code GET /admin/streams}: open event streams on this instance (a metric). */
@Path("admin/streams")
@RequiresAdmin
@Produces(MediaType.APPLICATION_JSON)
public class StreamsResource {

    @Inject
    SseHub hub;
    @Inject
    Push push;

    @GET
    public Map<String, Object> streams() {
        return Map.of("open", hub.openStreams(), "subscribed", push.subscribed());
    }
}
