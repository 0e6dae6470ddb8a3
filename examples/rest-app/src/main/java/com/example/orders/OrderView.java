package com.example.orders;

/** An order as clients see it. */
public record OrderView(String id, String customer, String note, long version) {

    static OrderView of(Order order) {
        return new OrderView(order.getId(), order.getCustomer(), order.getNote(), order.getVersion());
    }
}
