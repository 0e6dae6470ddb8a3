package com.example.orders;

import dev.kickout.Kickout;
import dev.kickout.LockView;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/** The orders page: every order, and who is editing it now. */
@Named
@RequestScoped
public class OrderList {

    @Inject
    OrderService orders;
    @Inject
    Kickout kickout;

    public List<Order> getOrders() {
        return orders.list();
    }

    /** Who holds the order's edit lock, or an empty text. */
    public String editorOf(String orderId) {
        return kickout.lockOn("order", orderId).map(LockView::holder).map(holder -> holder.username()).orElse("");
    }
}
