package dev.kickout.internal.lock;

import dev.kickout.Actor;
import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.event.LockForceReleased;
import dev.kickout.event.LockFreed;
import dev.kickout.internal.Json;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.outbox.FollowUps;
import dev.kickout.internal.outbox.Outbox;
import dev.kickout.internal.outbox.OutboxDelivery;
import dev.kickout.internal.outbox.OutboxEntry;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What follows a force release decided by lock-force-release.lua: the lock leaves the listing
 * index, {@link LockForceReleased} reaches each observer (audit, the holder's push) and
 * {@link LockFreed} tells those waiting. Run by the deciding instance, or rebuilt from the outbox
 * entry (kind {@code L}: the lock's fields as they were; context: {@link ForceReleaseContext}) by
 * any instance's drainer.
 */
@ApplicationScoped
class ForceReleaseFollowUps implements OutboxDelivery {

    static final String KIND = "L";

    @Inject
    Outbox outbox;
    @Inject
    RedisKeys keys;
    @Inject
    LockIndex index;
    @Inject
    RedisStore redis;
    @Inject
    KickoutConfig config;
    @Inject
    Json json;

    /** The outbox arguments lock-force-release.lua reads last. */
    List<Object> args(ResourceRef resource, String id, String reason, Actor admin) {
        return outbox.args(id, json.write(new ForceReleaseContext(resource.type(), resource.id(), reason, admin)));
    }

    /** Right after the script broke {@code lock}, {@code at} (Redis's clock). */
    void afterDecision(String id, LockView lock, String reason, Actor admin, Instant at) {
        outbox.afterDecision(keys.lockOutbox(lock.type(), lock.id()), id,
                followUps -> run(followUps, id, lock, reason, admin, at));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public void deliver(OutboxEntry entry, FollowUps followUps) {
        ForceReleaseContext context = json.read(entry.context(), ForceReleaseContext.class);
        Map<String, String> fields = new HashMap<>();
        for (int i = 0; i + 1 < entry.data().size(); i += 2) {
            fields.put(entry.data().get(i), entry.data().get(i + 1));
        }
        LockView lock = LockStore.view(new ResourceRef(context.type(), context.id()), fields);
        // the entry was written with the decision: its time is the decision's, not this delivery's
        run(followUps, entry.id(), lock, context.reason(), context.by(), Instant.ofEpochMilli(Long.parseLong(entry.at())));
    }

    private void run(FollowUps followUps, String id, LockView lock, String reason, Actor admin, Instant at) {
        // the unlisting, the holder's event, the audit entry and (without a grace) the queue's next turn
        // go to Redis together
        followUps.run("lock index, event and audit", () -> redis.pipelined(() -> {
            index.released(lock);
            followUps.notifyEach(new LockForceReleased(lock, reason, admin, at, id));
            followUps.notifyEach(new LockFreed(LockViews.resource(lock), config.lock().forceReleaseGrace()));
        }));
    }
}
