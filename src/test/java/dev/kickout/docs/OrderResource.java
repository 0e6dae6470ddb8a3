package dev.kickout.docs;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;

/** The host's own resource, which the Applications of the installation and existing-app pages list. */
@Path("orders")
@RequestScoped
public class OrderResource {
    @Inject OrderService orders;

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public void save(@PathParam("id") String id, OrderForm form) {
        orders.save(id, form);
    }
}
