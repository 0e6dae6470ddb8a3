package com.example.orders;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/**
 * The shop floor's screens, which nobody signs in to: outside {@code kickout.filter.include}, so no session is
 * checked before this code runs.
 */
@Path("kiosk")
@Produces(MediaType.APPLICATION_JSON)
public class KioskResource {

    @Inject
    OrderService orders;

    /** Whether somebody is editing the order: 503 {@code STORE_UNAVAILABLE} while Redis cannot answer. */
    @GET
    @Path("orders/{id}/locked")
    public Map<String, Boolean> locked(@PathParam("id") String id) {
        return Map.of("locked", orders.beingEdited(id));
    }

    /**
     * The same guarded save, reached on an open path: the guard does not rely on the filter, so a caller without
     * a session is answered 401 here too.
     */
    @PUT
    @Path("orders/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public OrderView save(@PathParam("id") String id, OrderForm edit) {
        return OrderView.of(orders.save(id, edit));
    }
}
