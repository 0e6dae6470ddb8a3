package dev.kickout.internal.audit;

import dev.kickout.Actor;
import dev.kickout.BanView;
import dev.kickout.LockView;
import dev.kickout.SessionView;
import dev.kickout.event.LockEnded;
import dev.kickout.event.LockForceReleased;
import dev.kickout.event.LoginThrottled;
import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.admin.AdminDenied;
import dev.kickout.internal.ban.BanChanged;
import dev.kickout.internal.session.Tombstone;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;

/** Turns the features' CDI events into audit entries. */
@ApplicationScoped
class AuditObserver {

    @Inject
    AuditLog log;

    void onRevoked(@Observes SessionRevoked event) {
        SessionView session = event.session();
        String action = switch (event.revocation().code()) {
            case Tombstone.KICKED -> "FORCE_LOGOUT";
            case Tombstone.REPLACED -> "SESSION_REPLACED";
            case Tombstone.EXPIRED -> "SESSION_EXPIRED";
            default -> "LOGOUT";
        };
        log.record(action, event.actor(), "session:" + session.sessionId(), event.revocation().reason(), "DONE",
                Map.of("userId", session.userId(), "deviceType", session.deviceType()),
                onceKey(event.deliveryId(), session.sessionId()));
    }

    void onForceReleased(@Observes LockForceReleased event) {
        LockView lock = event.lock();
        log.record("LOCK_FORCE_RELEASE", event.by(), "lock:" + lock.type() + "/" + lock.id(), event.reason(), "DONE",
                Map.of("holderUserId", lock.holder().userId(), "holderSessionId", lock.holder().sessionId(),
                        "fence", Long.toString(lock.fence())), onceKey(event.deliveryId(), "lock"));
    }

    /** A holding that ended for inactivity, at its cap, or handed over to someone waiting. */
    void onEnded(@Observes LockEnded event) {
        LockView lock = event.lock();
        String action = switch (event.reason()) {
            case "HANDED_OVER" -> "LOCK_HANDED_OVER";
            case "IDLE" -> "LOCK_IDLE_RELEASE";
            default -> "LOCK_MAX_HOLD_RELEASE";
        };
        Actor actor = event.acceptedBy() != null ? event.acceptedBy() : Actor.SYSTEM;
        Map<String, String> details = new java.util.LinkedHashMap<>();
        details.put("holderUserId", lock.holder().userId());
        details.put("holderSessionId", lock.holder().sessionId());
        details.put("fence", Long.toString(lock.fence()));
        if (event.by() != null && event.by().sessionId() != null) {
            details.put("toSessionId", event.by().sessionId());
        }
        log.record(action, actor, "lock:" + lock.type() + "/" + lock.id(), event.reason(), "DONE", details);
    }

    /** One audit entry per outbox delivery and subject, however often the entry is delivered. */
    private static String onceKey(String deliveryId, String subject) {
        return deliveryId == null ? null : deliveryId + ":" + subject;
    }

    void onBanChanged(@Observes BanChanged event) {
        BanView ban = event.ban();
        Map<String, String> details = new java.util.LinkedHashMap<>();
        details.put("until", ban.until().toString());
        details.put("bannedBy", String.valueOf(ban.by()));
        log.record(event.action(), event.actor(), "user:" + ban.userId(), ban.reason(), "DONE", details);
    }

    void onDenied(@Observes AdminDenied event) {
        log.record("ADMIN_DENIED", event.actor(), event.method() + " " + event.path(), null, "DENIED", Map.of());
    }

    void onLoginThrottled(@Observes LoginThrottled event) {
        boolean address = event.kind() == LoginThrottled.Kind.ADDRESS;
        // a trip over all addresses is no one client's doing; the others name the client that tripped it
        Actor actor = event.kind() == LoginThrottled.Kind.USER || event.address() == null ? Actor.SYSTEM
                : new Actor(null, null, event.address());
        log.record("LOGIN_THROTTLED", actor, (address ? "address:" : "user:") + event.subject(),
                event.failures() + " failed sign-ins within " + event.window(), "THROTTLED", Map.of("kind", event.kind().name()));
    }
}
