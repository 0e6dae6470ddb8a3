package dev.kickout.docs;

/** What the order's edit form posts (the guide's saves take it): the version the client edited. */
public record OrderForm(String customer, long version) {
}
