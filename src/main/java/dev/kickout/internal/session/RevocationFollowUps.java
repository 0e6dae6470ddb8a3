package dev.kickout.internal.session;

import dev.kickout.Actor;
import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.Json;
import dev.kickout.internal.outbox.FollowUps;
import dev.kickout.internal.outbox.Outbox;
import dev.kickout.internal.outbox.OutboxDelivery;
import dev.kickout.internal.outbox.OutboxEntry;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;

/**
 * What follows a revocation decided by login.lua or revoke.lua: every instance's near cache forgets
 * the users' sessions ({@link NearCacheLink#invalidate}), the listing indexes forget the sessions, and {@link SessionRevoked} reaches each observer (audit, push, lock drops). Run by the
 * deciding instance, or rebuilt from the outbox entry the script wrote (kind {@code S}: triples of
 * sessionId, record, tombstone; context: the actor) by any instance's drainer.
 */
@ApplicationScoped
class RevocationFollowUps implements OutboxDelivery {

    static final String KIND = "S";

    @Inject
    Outbox outbox;
    @Inject
    RedisKeys keys;
    @Inject
    SessionIndexes indexes;
    @Inject
    RedisStore redis;
    @Inject
    SessionStore store;
    @Inject
    Json json;
    @Inject
    NearCacheLink nearCache;

    /** One session a script ended, and its tombstone as stored. */
    record Ended(Session session, Tombstone tombstone) {
    }

    /** The keys and arguments a deciding per-user script appends for its outbox entry. */
    record Args(List<Object> keys, List<Object> argv) {
    }

    Args args(String userTag, String id, Actor actor) {
        return new Args(keys.userOutbox(userTag), outbox.args(id, json.write(actor)));
    }

    /**
     * Right after the script: the follow-ups of {@code sessions}, all ended with {@code tombstone};
     * {@code summary} is the user's entry for the listing index as the script left it (null: read it again).
     */
    void afterDecision(String userTag, String id, List<Session> sessions, Tombstone tombstone, Actor actor,
                       SessionStore.Summary summary) {
        if (!sessions.isEmpty()) {
            List<Ended> ended = sessions.stream().map(session -> new Ended(session, tombstone)).toList();
            outbox.afterDecision(keys.userOutbox(userTag), id, followUps -> run(followUps, id, ended, actor, summary));
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public void deliver(OutboxEntry entry, FollowUps followUps) {
        List<String> data = entry.data();
        List<Ended> ended = new ArrayList<>();
        for (int i = 0; i + 2 < data.size(); i += 3) {
            ended.add(new Ended(store.session(data.get(i), data.get(i + 1)),
                    json.read(data.get(i + 2), Tombstone.class)));
        }
        run(followUps, entry.id(), ended, json.read(entry.context(), Actor.class), null);
    }

    private void run(FollowUps followUps, String id, List<Ended> ended, Actor actor, SessionStore.Summary summary) {
        // the near caches' invalidation, the listing entries and the observers' writes (events, audit
        // entries, lock look-ups) of all the sessions go to Redis together; a redelivery reads the users
        // again, while right after the script its own summary is the newest
        followUps.run("near cache invalidation, session indexes and events", () -> redis.pipelined(() -> {
            // first: until every near cache has forgotten them, another instance may still answer these
            // tokens (this instance's forgets them here, the others heard the script's own message)
            ended.stream().map(end -> Tokens.userTagOf(end.session().sessionId())).distinct()
                    .forEach(nearCache::invalidate);
            if (summary != null) {
                indexes.defer(summary);
            } else {
                indexes.refresh(ended.stream().map(end -> Tokens.userTagOf(end.session().sessionId())).toList());
            }
            ended.forEach(end -> followUps.notifyEach(
                    new SessionRevoked(end.session().view(false), end.tombstone().view(), actor, id)));
        }));
    }
}
