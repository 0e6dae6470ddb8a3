/**
 * The JAX-RS application and the problem+json mapping of refusals. Knows no feature: a feature
 * refuses by throwing a {@link dev.kickout.KickoutException} carrying its own status and code.
 */
package dev.kickout.rest;
