package dev.kickout.demo;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Shows what a legacy endpoint sees past the Kickout filter: the standard principal and roles. */
@Path("demo/whoami")
@Produces(MediaType.APPLICATION_JSON)
public class WhoAmIResource {

    /** The caller as seen through JAX-RS's {@link SecurityContext}. */
    public record WhoAmI(String name, String scheme, boolean user, boolean admin) {
    }

    @GET
    public WhoAmI whoAmI(@Context SecurityContext security) {
        return new WhoAmI(security.getUserPrincipal().getName(), security.getAuthenticationScheme(),
                security.isUserInRole("user"), security.isUserInRole("admin"));
    }
}
