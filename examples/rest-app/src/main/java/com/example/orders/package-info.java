/**
 * A small orders service that uses Kickout: JAX-RS at {@code /api} ({@link com.example.orders.OrdersApplication}),
 * orders in JPA ({@link com.example.orders.Order}), a save guarded by the order's edit lock
 * ({@link com.example.orders.OrderService#save}), error bodies of its own ({@link com.example.orders.AppErrors},
 * {@link com.example.orders.AppFailures}) and demo callers ({@link com.example.orders.DemoUsers}). Kickout serves
 * sign-in, locks and its admin endpoints at {@code /kickout/api} beside it.
 */
package com.example.orders;
