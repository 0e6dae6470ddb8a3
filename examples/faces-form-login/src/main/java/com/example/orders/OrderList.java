package com.example.orders;

import dev.kickout.Kickout;
import dev.kickout.KickoutException;
import dev.kickout.LockView;
import dev.kickout.ProblemCode;
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
    @Inject
    Texts texts;

    public List<Order> getOrders() {
        return orders.list();
    }

    /**
     * Who holds the order's edit lock, or an empty text. While Redis cannot answer, the page still shows (with
     * kickout.http-session.store-down=ALLOW the app keeps serving): the editor is then unknown.
     */
    public String editorOf(String orderId) {
        try {
            return kickout.lockOn("order", orderId).map(LockView::holder).map(holder -> holder.username()).orElse("");
        } catch (KickoutException e) {
            if (!e.code().equals(ProblemCode.STORE_UNAVAILABLE.name())) {
                throw e;
            }
            return texts.get("list.editing-unknown");
        }
    }
}
