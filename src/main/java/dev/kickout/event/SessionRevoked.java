package dev.kickout.event;

import dev.kickout.Actor;
import dev.kickout.SessionView;

/**
 * CDI event fired once per session that ends: logout, admin kick, login-policy replacement, or
 * expiry noticed by a request. It fires after the revocation is stored, so no request can slip
 * through any more. It carries the session's public view ({@link SessionView}, never marked
 * {@code current}) and its {@link Revocation}: why it ended, who ended it, when.
 *
 * <pre>{@code
 * void onRevoked(@Observes SessionRevoked event) { ... event.session().userId() ... }
 * }</pre>
 * A revocation decided by a script (all but an expiry) is delivered at least once, through the
 * outbox: an observer may see the same event again, with the same {@code deliveryId}, and must
 * then do nothing twice.
 *
 * @param deliveryId the outbox entry this event comes from (the same on every delivery), or null
 * @since 1.0
 */
public record SessionRevoked(SessionView session, Revocation revocation, Actor actor, String deliveryId) {

    /** An event delivered once, not through the outbox (an expiry noticed by a request). */
    public SessionRevoked(SessionView session, Revocation revocation, Actor actor) {
        this(session, revocation, actor, null);
    }
}
