/**
 * Sessions: tokens, the servlet filter, where a token comes from (bearer header or, in cookie mode,
 * the session cookie with its CSRF token, form sign-in and sign-in redirects), login under the policies and bounds, failed-login
 * throttling, revocation, and the admin directory of who is online. Fires
 * {@link dev.kickout.event.SessionRevoked} and {@link dev.kickout.event.LoginThrottled} for the
 * other features to observe (a revocation's follow-ups at least once, through {@code outbox}). Uses
 * {@code redis}, {@code config}, {@code rest}, {@code outbox}; knows no other feature.
 */
package dev.kickout.internal.session;
