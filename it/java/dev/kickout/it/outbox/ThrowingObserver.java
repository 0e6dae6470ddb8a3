package dev.kickout.it.outbox;

import dev.kickout.event.SessionRevoked;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A host app's observer that fails (as an audit JDBC sink or a mail gateway might): the first time
 * it sees the end of a session of device type {@code explode}, it throws. It runs before the
 * module's own observers, so with {@code Event.fire} it would keep them from running.
 */
@ApplicationScoped
public class ThrowingObserver {

    static final String DEVICE_TYPE = "explode";

    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    void onRevoked(@Observes @Priority(1) SessionRevoked event) {
        if (DEVICE_TYPE.equals(event.session().deviceType()) && seen.add(event.session().sessionId())) {
            throw new IllegalStateException("test observer fails once for " + event.session().sessionId());
        }
    }
}
