package dev.kickout.internal.lock;

import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;

/** A session that ends (logout, kick, replacement, expiry) releases the locks it holds and leaves the queues it waited in. */
@ApplicationScoped
class LocksFollowSessions {

    @Inject
    EditLocks locks;
    @Inject
    LockRooms rooms;
    @Inject
    LockHoldings holdings;
    @Inject
    RoomStore roomStore;
    @Inject
    RedisStore redis;

    /**
     * What the session held and where its user waited, both in the user's slot: read in one round trip,
     * with the other follow-ups of the revocation when they go together ({@link RedisStore#pipelined}).
     */
    private record Left(List<String> held, Collection<String> queued) {
    }

    void onRevoked(@Observes SessionRevoked event) {
        String userId = event.session().userId();
        String sessionId = event.session().sessionId();
        // the session's holdings and the user's queues share the user's slot
        redis.defer(RedisStore.Step.on(holdings.key(userId, sessionId), (batch, bySha) -> holdings.heldBy(batch, userId, sessionId)
                        .thenCombine(roomStore.queuesOf(batch, userId), (held, queued) -> new Left(LockHoldings.held(held), queued))),
                reply -> {
                    Left left = (Left) reply;
                    locks.releaseAllOf(userId, sessionId, left.held());
                    rooms.leaveAllOf(userId, sessionId, left.queued());
                });
    }
}
