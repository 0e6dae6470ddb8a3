package dev.kickout.it.host;

import dev.kickout.CurrentSession;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;

/** A host app endpoint that relies on the module's filter and request-scoped session. */
@Path("host/hello")
@Produces(MediaType.APPLICATION_JSON)
public class HostResource {

    @Inject
    CurrentSession current;

    @GET
    public Map<String, Object> hello(@Context SecurityContext security) {
        return Map.of("principal", security.getUserPrincipal().getName(),
                "clerk", security.isUserInRole("clerk"),
                "sessionId", current.require().sessionId());
    }
}
