/**
 * The admin role guard ({@link dev.kickout.internal.admin.RequiresAdmin}: a JAX-RS name binding and a CDI interceptor
 * binding, so that no way of registering the resources leaves the check out) and the admin session endpoints.
 * Fires {@link dev.kickout.internal.admin.AdminDenied}; uses {@code session}, {@code config}, {@code rest} and {@code metrics}.
 */
package dev.kickout.internal.admin;
