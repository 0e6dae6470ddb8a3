/**
 * A legacy host app for {@code dev.kickout.it.host.HostRefusalIT}: its own REST application at {@code /api}
 * (scanning in {@code scan}, listing its classes in {@code listing}), catch-all exception mappers for
 * {@code RuntimeException} and {@code Throwable} with JSON bodies of its own, and its own resources calling a
 * save guarded by {@code @RequiresEditLock}. Deliberately outside {@code dev.kickout}, as a host's code is.
 */
package legacy.orders;
