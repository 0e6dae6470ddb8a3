package dev.kickout.session;

import dev.kickout.Actor;

/**
 * CDI event fired once per session that ends: logout, admin kick, login-policy replacement, or
 * expiry noticed by a request. It fires after the revocation is stored, so no request can slip
 * through any more.
 *
 * <pre>{@code
 * void onRevoked(@Observes SessionRevoked event) { ... event.session().userId() ... }
 * }</pre>
 */
public record SessionRevoked(Session session, Tombstone tombstone, Actor actor) {
}
