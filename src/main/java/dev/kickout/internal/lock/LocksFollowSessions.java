package dev.kickout.internal.lock;

import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

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
        // the sessions' holdings and the user's queues share the user's slot: the user's sessions ended
        // together are read together, and the queues once
        redis.deferTogether(holdings.key(userId, sessionId), List.of(LocksFollowSessions.class, userId), sessionId,
                sessionIds -> (batch, bySha) -> {
                    CompletableFuture<Collection<String>> queued = roomStore.queuesOf(batch, userId).toCompletableFuture();
                    List<CompletableFuture<Collection<String>>> held = sessionIds.stream()
                            .map(id -> holdings.heldBy(batch, userId, id).toCompletableFuture()).toList();
                    return queued.thenCompose(queues -> CompletableFuture.allOf(held.toArray(CompletableFuture[]::new))
                            .thenApply(all -> held.stream().map(each -> new Left(LockHoldings.held(each.join()), queues)).toList()));
                },
                reply -> {
                    Left left = (Left) reply;
                    locks.releaseAllOf(userId, sessionId, left.held());
                    rooms.leaveAllOf(userId, sessionId, left.queued());
                });
    }
}
