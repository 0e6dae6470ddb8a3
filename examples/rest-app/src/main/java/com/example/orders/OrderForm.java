package com.example.orders;

/** What a client sends: a new order, or its edit of one with the version it edited. */
public record OrderForm(String customer, String note, Long version) {
}
