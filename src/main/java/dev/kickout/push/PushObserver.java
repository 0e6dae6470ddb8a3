package dev.kickout.push;

import dev.kickout.lock.EditLocks;
import dev.kickout.lock.LockForceReleased;
import dev.kickout.lock.LockFreed;
import dev.kickout.lock.LockView;
import dev.kickout.session.SessionRevoked;
import dev.kickout.session.Tombstone;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns revocations and lock changes into events. They fire after the change is stored, so the
 * push always follows the revocation: no request slips through after the page is told.
 */
@ApplicationScoped
class PushObserver {

    private static final Logger LOG = Logger.getLogger(PushObserver.class.getName());

    @Inject
    Push push;
    @Inject
    EditLocks locks;

    private ScheduledExecutorService later;

    @PostConstruct
    void start() {
        later = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "kickout-lock-available");
            thread.setDaemon(true);
            return thread;
        });
    }

    @PreDestroy
    void stop() {
        later.shutdownNow();
    }

    void onRevoked(@Observes SessionRevoked event) {
        String code = event.tombstone().code();
        if (Tombstone.EXPIRED.equals(code)) {
            return;
        }
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("code", code);
        payload.put("reason", event.tombstone().reason());
        payload.put("by", event.tombstone().by());
        payload.put("at", event.tombstone().at());
        payload.put("sessionId", event.session().sessionId());
        push.send(event.session().sessionId(), PushEvent.FORCE_LOGOUT, payload);
    }

    void onForceReleased(@Observes LockForceReleased event) {
        LockView lock = event.lock();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("type", lock.type());
        payload.put("id", lock.id());
        payload.put("reason", event.reason());
        payload.put("by", event.by().userId());
        payload.put("at", Instant.now());
        push.send(lock.holder().sessionId(), PushEvent.EDIT_LOCK_RELEASED, payload);
    }

    /** Tells the sessions that were refused the lock, once others may take it. */
    void onFreed(@Observes LockFreed event) {
        Runnable tell = () -> {
            try {
                for (String sessionId : locks.takeWaiters(event.resource())) {
                    push.send(sessionId, PushEvent.LOCK_AVAILABLE,
                            Map.of("type", event.resource().type(), "id", event.resource().id()));
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "kickout push: LOCK_AVAILABLE for " + event.resource() + " not sent", e);
            }
        };
        if (event.after().isZero()) {
            tell.run();
        } else {
            later.schedule(tell, event.after().toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
