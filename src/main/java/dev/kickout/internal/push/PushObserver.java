package dev.kickout.internal.push;

import dev.kickout.LockView;
import dev.kickout.SessionView;
import dev.kickout.event.LockForceReleased;
import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.ModuleClock;
import dev.kickout.internal.lock.LockNotice;
import dev.kickout.internal.session.Tombstone;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns revocations, expiries noticed by requests and lock changes into events. They fire after the change is stored, so the
 * push always follows the revocation: no request slips through after the page is told.
 */
@ApplicationScoped
class PushObserver {

    private static final Logger LOG = Logger.getLogger(PushObserver.class.getName());

    @Inject
    Push push;
    @Inject
    KickoutConfig config;
    @Inject
    ModuleClock clock;

    /** A revocation tells the session's pages {@code FORCE_LOGOUT}; an expiry noticed by a request, {@code SESSION_EXPIRED}. */
    void onRevoked(@Observes SessionRevoked event) {
        SessionView session = event.session();
        if (Tombstone.EXPIRED.equals(event.revocation().code())) {
            // best effort: the request must still get its 401, and the streams' own expiry tick closes them anyway
            try {
                push.send(session.sessionId(), PushEvent.SESSION_EXPIRED, SessionEnds.expired(session.sessionId(),
                        session.expiresAt(), session.loginTime().plus(config.session().maxLifetime())));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, LogText.safe(e),
                        () -> LogId.PUSH_SESSION_EXPIRED_NOT_SENT.message("SESSION_EXPIRED for "
                                + LogText.escape(session.sessionId()) + " not sent"));
            }
        } else {
            push.post(session.sessionId(), PushEvent.FORCE_LOGOUT,
                    SessionEnds.forceLogout(session.sessionId(), Tombstone.of(event.revocation())));
        }
    }

    void onForceReleased(@Observes LockForceReleased event) {
        LockView lock = event.lock();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("type", lock.type());
        payload.put("id", lock.id());
        payload.put("reason", event.reason());
        payload.put("by", event.by().userId());
        // the decision's time and the holding it ended, the same on an outbox replay: a client tells a stale
        // release from its current holding by the fence (a newer holding has a greater one), not by a time
        payload.put("at", event.at() != null ? event.at() : clock.now().instant());
        payload.put("fence", lock.fence());
        push.post(lock.holder().sessionId(), PushEvent.EDIT_LOCK_RELEASED, payload);
    }

    /** An event about a record's lock, queue or hand-over, for one session's pages. */
    void onNotice(@Observes LockNotice notice) {
        push.send(notice.sessionId(), notice.event(), notice.payload());
    }
}
