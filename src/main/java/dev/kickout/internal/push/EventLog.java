package dev.kickout.internal.push;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import org.redisson.api.RScript;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.redisson.api.RBatch;
import org.redisson.api.RStream;
import org.redisson.api.RedissonClient;
import org.redisson.api.stream.StreamAddArgs;
import org.redisson.api.stream.StreamMessageId;
import org.redisson.api.stream.StreamRangeArgs;
import org.redisson.client.codec.StringCodec;

/**
 * Each session's recent events in Redis (a capped stream that expires {@code kickout.sse.replay-age}
 * after its last event): the source of truth that {@code Last-Event-ID} replays from.
 */
@ApplicationScoped
class EventLog {

    /** Events kept per session at least. */
    static final int KEEP = 100;

    /**
     * How long the events of an ended session stay: its token and tickets no longer open a stream, so
     * only a stream being opened at that very moment can still need the replay. Without this, a user
     * who logs in again and again would leave one event stream per replaced session for the whole
     * replay age.
     */
    static final Duration ENDED_SESSION_KEEP = Duration.ofSeconds(30);

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;

    /** Stores an event; answers it with its id. */
    PushEvent append(String sessionId, String type, String data) {
        String key = key(sessionId);
        StreamMessageId id = redis.call(client -> {
            RBatch batch = client.createBatch();
            var added = batch.<String, String>getStream(key, StringCodec.INSTANCE)
                    .addAsync(StreamAddArgs.entries(Map.of("type", type, "data", data)).trimNonStrict().maxLen(KEEP).noLimit());
            batch.getStream(key, StringCodec.INSTANCE).expireAsync(expiry(type));
            batch.execute();
            return added.toCompletableFuture().join();
        });
        return new PushEvent(sessionId, id.toString(), type, data);
    }

    /** One event to store, in the log of its session. */
    record Entry(String sessionId, String type, String data) {
    }

    /** Stores an event and publishes it on {@code channel} in the same step (push-send.lua); answers it with its id. */
    PushEvent appendAndPublish(String sessionId, String type, String data, String channel) {
        RedisStore.Call call = appendAndPublishCall(List.of(new Entry(sessionId, type, data)), channel);
        List<String> ids = redis.eval(call.script(), call.type(), call.keys(), call.args());
        return new PushEvent(sessionId, ids.get(0), type, data);
    }

    /**
     * push-send.lua for {@code entries} (sessions of one user: their logs share its slot), as a call; its
     * reply is the events' ids, in order.
     */
    RedisStore.Call appendAndPublishCall(List<Entry> entries, String channel) {
        List<Object> logs = new ArrayList<>(entries.size());
        List<Object> args = new ArrayList<>(2 + 4 * entries.size());
        args.add(KEEP);
        args.add(channel);
        for (Entry entry : entries) {
            logs.add(key(entry.sessionId()));
            args.addAll(List.of(entry.type(), entry.data(), expiry(entry.type()).toMillis(), entry.sessionId()));
        }
        return new RedisStore.Call(Script.PUSH_SEND, RScript.ReturnType.LIST, logs, args.toArray());
    }

    /**
     * The events after a resume point, and whether that point was {@code missed}: the event it names
     * is no longer kept (trimmed, or the log expired), so the client may have lost events in between.
     * {@code 0-0} (a stream opened on an empty log) is never missed.
     */
    record Replay(List<PushEvent> events, boolean missed) {
    }

    /**
     * The read of the session's stored events after {@code lastEventId} (an id {@link EventCursor} accepted), a
     * step whose reply (a {@code Map<StreamMessageId, Map<String, String>>}) {@link #replay} reads.
     */
    RedisStore.Step range(String sessionId, String lastEventId) {
        return RedisStore.Step.on(key(sessionId), (batch, bySha) ->
                batch.<String, String>getStream(key(sessionId), StringCodec.INSTANCE).rangeAsync(from(lastEventId)));
    }

    /** What {@link #range} found: the events after the resume point, and whether it was missed. */
    Replay replay(String sessionId, String lastEventId, Map<StreamMessageId, Map<String, String>> found) {
        StreamMessageId after = EventCursor.parse(lastEventId);
        List<PushEvent> events = new ArrayList<>();
        boolean missed = !after.equals(new StreamMessageId(0, 0));
        for (Map.Entry<StreamMessageId, Map<String, String>> entry : found.entrySet()) {
            if (entry.getKey().equals(after)) {
                missed = false;
            } else {
                Map<String, String> fields = entry.getValue();
                events.add(new PushEvent(sessionId, entry.getKey().toString(), fields.get("type"), fields.get("data")));
            }
        }
        return new Replay(events, missed);
    }

    /** The id of the session's newest stored event, or {@code 0-0} if it has none. */
    String latestId(String sessionId) {
        Map<StreamMessageId, Map<String, String>> newest = redis.call(client -> stream(client, sessionId)
                .rangeReversed(StreamRangeArgs.startId(StreamMessageId.MAX).endId(StreamMessageId.MIN).count(1)));
        return newest.isEmpty() ? "0-0" : newest.keySet().iterator().next().toString();
    }

    /** From the resume point itself, inclusive: finding it proves nothing in between was trimmed. */
    private static StreamRangeArgs from(String lastEventId) {
        return StreamRangeArgs.startId(EventCursor.parse(lastEventId)).endId(StreamMessageId.MAX);
    }

    private RStream<String, String> stream(RedissonClient client, String sessionId) {
        return client.getStream(key(sessionId), StringCodec.INSTANCE);
    }

    private Duration expiry(String type) {
        return PushEvent.ends(type) ? ENDED_SESSION_KEEP : config.push().replayAge();
    }

    /** The key of {@code sessionId}'s log (in its user's slot). */
    String key(String sessionId) {
        return keys.sessionEvents(sessionId);
    }
}
