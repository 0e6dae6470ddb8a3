/**
 * Container security mode ({@code kickout.container-security.enabled}): a Jakarta Security
 * {@code HttpAuthenticationMechanism} that validates the Kickout session of each request and tells
 * the container who the caller is, so EJB {@code @RolesAllowed}, {@code getCallerPrincipal()},
 * {@code SecurityContext} and {@code web.xml} constraints see the Kickout caller.
 *
 * <p>Uses {@code session} (authentication), {@code config} and {@code rest} (problem bodies). No
 * other feature uses this package: the token filter only reads the request attributes it leaves
 * behind ({@link dev.kickout.internal.session.Session#REQUEST_ATTRIBUTE}, {@code REFUSAL_ATTRIBUTE}).
 */
package dev.kickout.internal.security;
