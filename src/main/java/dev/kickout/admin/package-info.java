/**
 * The admin role guard ({@link dev.kickout.admin.RequiresAdmin}) and the admin session endpoints.
 * Fires {@link dev.kickout.admin.AdminDenied}; uses {@code session} and {@code config}.
 */
package dev.kickout.admin;
