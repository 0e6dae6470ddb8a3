package com.example.notes;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * {@code /api/me}: who is signed in, and whether the page shows the admin panel. Kickout's filter puts the
 * session's user and roles on the request, so plain JAX-RS security answers.
 */
@RequestScoped
@Path("me")
@Produces(MediaType.APPLICATION_JSON)
public class MeResource {

    /** The signed-in user, as the page needs it. */
    public record Me(String username, boolean admin) {
    }

    @GET
    public Me me(@Context SecurityContext security) {
        return new Me(security.getUserPrincipal().getName(), security.isUserInRole("admin"));
    }
}
