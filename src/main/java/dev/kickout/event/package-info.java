/**
 * The CDI events the module fires for hosts to observe ({@code @Observes}): sessions ended
 * ({@link dev.kickout.event.SessionRevoked}), locks broken, ended or freed, login throttles tripped, event
 * streams opened. They carry views made for hosts, never the module's stored records. Events fired from a
 * decision in Redis are delivered at least once (their {@code deliveryId} tells a repeat).
 */
package dev.kickout.event;
