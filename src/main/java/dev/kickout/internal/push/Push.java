package dev.kickout.internal.push;

import dev.kickout.internal.Json;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.StoreUnavailableException;
import dev.kickout.internal.session.SessionEndHeard;
import dev.kickout.internal.session.Tombstone;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RTopic;

/**
 * Sends events to a session's open pages, on whichever instance they are connected to: the event
 * is stored first (the source of truth for replay), then published on a Redis channel that wakes
 * every instance, each of which writes it to its own streams (on Redis Cluster one of several
 * sharded channels, see {@link PushChannels}).
 *
 * <pre>{@code
 * @Inject Push push;
 * push.send(sessionId, "INVOICE_APPROVED", Map.of("invoice", "42"));
 * }</pre>
 */
@ApplicationScoped
public class Push {

    private static final Logger LOG = Logger.getLogger(Push.class.getName());

    @Inject
    EventLog log;
    @Inject
    SseHub hub;
    @Inject
    RedisStore redis;
    @Inject
    PushChannels channels;
    @Inject
    Json json;
    @Inject
    KickoutConfig config;
    @Inject
    Event<SessionEndHeard> ended;

    @Resource
    ManagedScheduledExecutorService scheduler;

    /** Channels this instance listens on; all of them once subscribed. */
    private final Set<String> listening = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean retrying = new AtomicBoolean();
    private volatile int channelCount = Integer.MAX_VALUE;

    /** Subscribes at deployment; if Redis is down, keeps trying without holding up the deployment. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (config.enabled()) {
            subscribe();
        }
    }

    /** Stores {@code payload} as an event of {@code type} for the session and wakes every instance. */
    /**
     * {@link #send}, for a caller that needs no answer: inside {@link RedisStore#pipelined} work it
     * goes to Redis with the work's other deferred steps, in one script call with the other events for
     * the same user's sessions (a user's hundred revoked sessions: one call for their events, and on a
     * Cluster one more round trip for the publications).
     */
    public void post(String sessionId, String type, Object payload) {
        EventLog.Entry entry = new EventLog.Entry(sessionId, type, json.write(payload));
        String userTag = sessionId.substring(0, RedisKeys.USER_TAG_LENGTH);
        // on a Cluster the sharded channel lives in another slot: stored first, published once its id is known
        boolean sharded = redis.clustered();
        String channel = sharded ? "" : channels.classic();
        redis.deferTogether(log.key(sessionId), List.of(EventLog.class, userTag), entry,
                entries -> RedisStore.step(log.appendAndPublishCall(entries, channel)), id -> {
                    if (sharded) {
                        String message = json.write(new PushEvent(sessionId, (String) id, type, entry.data()));
                        redis.defer(RedisStore.Step.on(channels.channel(sessionId),
                                (batch, bySha) -> channels.publish(batch, sessionId, message)), published -> { });
                    }
                });
    }

    public PushEvent send(String sessionId, String type, Object payload) {
        String data = json.write(payload);
        if (!redis.clustered()) {
            // the one classic channel: stored and published by one script, in one round trip
            return log.appendAndPublish(sessionId, type, data, channels.classic());
        }
        PushEvent event = log.append(sessionId, type, data);
        redis.call(client -> channels.of(client, sessionId).publish(json.write(event)));
        return event;
    }

    /**
     * Subscribes to every channel not yet listened on, without waiting: a failure (Redis down)
     * schedules one more try of the missing ones in 5 s.
     */
    private void subscribe() {
        try {
            List<RTopic> topics = redis.call(channels::all);
            channelCount = topics.size();
            for (RTopic topic : topics) {
                String name = topic.getChannelNames().get(0);
                if (!listening.contains(name)) {
                    redis.call(client -> topic.addListenerAsync(String.class,
                            (channel, message) -> heard(json.read(message, PushEvent.class))))
                            .whenComplete((listenerId, failure) -> {
                                if (failure == null) {
                                    listening.add(name);
                                } else {
                                    retryLater(failure);
                                }
                            });
                }
            }
        } catch (StoreUnavailableException e) {
            retryLater(e);
        }
    }

    /** An event from any instance: to this instance's streams, and a session's end to whatever else holds it here. */
    private void heard(PushEvent event) {
        CompletionStage<Void> written = hub.deliver(event);
        SessionEndHeard end = null;
        if (PushEvent.FORCE_LOGOUT.equals(event.type())) {
            Map<String, Object> data = json.read(event.data(), Map.class);
            end = new SessionEndHeard(event.sessionId(), new Tombstone(text(data, "code"), text(data, "by"),
                    text(data, "reason"), data.get("at") == null ? null : Instant.parse(data.get("at").toString())));
        } else if (PushEvent.SESSION_EXPIRED.equals(event.type())) {
            end = new SessionEndHeard(event.sessionId(), new Tombstone(Tombstone.EXPIRED, null, null, null));
        }
        if (end != null) {
            // after the last event is out: what ends with the session (its HttpSession) may end its streams too
            SessionEndHeard heard = end;
            written.whenComplete((done, failure) -> ended.fire(heard));
        }
    }

    private static String text(Map<String, Object> data, String key) {
        return data.get(key) == null ? null : data.get(key).toString();
    }

    private void retryLater(Throwable failure) {
        if (!retrying.compareAndSet(false, true)) {
            return; // one retry covers every channel still missing
        }
        LOG.log(Level.WARNING, LogId.PUSH_SUBSCRIBE_RETRY.message("event bridge cannot subscribe to Redis yet;"
                + " retrying in 5 s"), LogText.safe(failure));
        scheduler.schedule(ContainerThreads.releasing(() -> {
            retrying.set(false);
            subscribe();
        }), 5, TimeUnit.SECONDS);
    }

    /** Whether this instance receives other instances' events (listens on every channel). */
    public boolean subscribed() {
        return listening.size() >= channelCount;
    }
}
