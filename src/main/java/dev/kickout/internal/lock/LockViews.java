package dev.kickout.internal.lock;

import dev.kickout.LockHolder;
import dev.kickout.LockView;
import dev.kickout.ResourceRef;

/** The ways a {@link LockView} is shown: to its holder, to everyone else. */
final class LockViews {

    private LockViews() {
    }

    /** The view as its holder sees it right after acquiring. */
    static LockView forOwner(LockView lock, String token, int heartbeat) {
        return new LockView(lock.type(), lock.id(), lock.holder(), lock.fence(), lock.acquiredAt(), lock.lastHeartbeat(),
                lock.expiresAt(), lock.idleAt(), token, heartbeat);
    }

    /** The view as someone other than its holder (or an admin) sees it: the holder's session and client left out. */
    static LockView forOthers(LockView lock) {
        return new LockView(lock.type(), lock.id(), named(lock.holder()), lock.fence(), lock.acquiredAt(),
                lock.lastHeartbeat(), lock.expiresAt(), lock.idleAt(), null, null);
    }

    /** The holder named only, as other users see it. */
    static LockHolder named(LockHolder holder) {
        return new LockHolder(holder.userId(), holder.username(), null, null);
    }

    static ResourceRef resource(LockView lock) {
        return new ResourceRef(lock.type(), lock.id());
    }
}
