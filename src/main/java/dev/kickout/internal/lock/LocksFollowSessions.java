package dev.kickout.internal.lock;

import dev.kickout.event.SessionRevoked;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/** A session that ends (logout, kick, replacement, expiry) releases the locks it holds and leaves the queues it waited in. */
@ApplicationScoped
class LocksFollowSessions {

    @Inject
    EditLocks locks;
    @Inject
    LockRooms rooms;

    void onRevoked(@Observes SessionRevoked event) {
        locks.releaseAllOf(event.session().userId(), event.session().sessionId());
        rooms.leaveAllOf(event.session().userId(), event.session().sessionId());
    }
}
