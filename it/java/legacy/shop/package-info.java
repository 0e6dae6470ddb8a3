/**
 * A legacy host app for {@code dev.kickout.it.host.HostSafetyIT}: its own scanning REST application at
 * {@code /api}, its own {@code ExceptionMapper<RuntimeException>}, a Jackson-annotated DTO, an EJB and a
 * servlet filter. Deliberately outside {@code dev.kickout}, as a host's code is.
 */
package legacy.shop;
