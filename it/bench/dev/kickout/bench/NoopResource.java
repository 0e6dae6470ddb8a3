package dev.kickout.bench;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The yardstick: a JAX-RS endpoint that does nothing, outside the token filter. */
@Path("bench/noop")
public class NoopResource {

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String noop() {
        return "ok";
    }
}
