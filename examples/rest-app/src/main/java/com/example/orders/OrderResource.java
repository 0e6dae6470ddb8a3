package com.example.orders;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** The orders, for signed-in callers only ({@code kickout.filter.include=/api/orders/*}). */
@Path("orders")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OrderResource {

    @Inject
    OrderService orders;

    @GET
    public List<OrderView> list() {
        return orders.all().stream().map(OrderView::of).toList();
    }

    @POST
    public Response create(OrderForm form, @Context UriInfo uri) {
        Order order = orders.create(form);
        return Response.created(uri.getAbsolutePathBuilder().path(order.getId()).build())
                .entity(OrderView.of(order)).build();
    }

    @GET
    @Path("{id}")
    public OrderView get(@PathParam("id") String id) {
        return OrderView.of(orders.find(id));
    }

    @PUT
    @Path("{id}")
    public OrderView save(@PathParam("id") String id, OrderForm edit) {
        return OrderView.of(orders.save(id, edit));
    }
}
