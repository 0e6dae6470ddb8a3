package dev.kickout.it.host;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** What the host's Redisson client has seen: calls through it, shutdowns asked of it, whether it is open. */
@RequestScoped
@Path("host/redisson")
@Produces(MediaType.APPLICATION_JSON)
public class HostRedissonResource {

    @Inject
    HostRedisson redisson;

    @GET
    public Map<String, Object> state() {
        return Map.of("calls", redisson.calls(), "shutdowns", redisson.shutdowns(), "open", redisson.isOpen());
    }
}
