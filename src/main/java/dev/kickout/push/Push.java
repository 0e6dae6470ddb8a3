package dev.kickout.push;

import dev.kickout.LogText;
import dev.kickout.Json;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.redis.StoreUnavailableException;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Sends events to a session's open pages, on whichever instance they are connected to: the event
 * is stored first (the source of truth for replay), then published on a Redis channel that wakes
 * every instance, each of which writes it to its own streams.
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
    RedisKeys keys;
    @Inject
    Json json;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private volatile boolean subscribed;

    /** Subscribes at deployment; if Redis is down, keeps trying without holding up the deployment. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        subscribe();
    }

    /** Stores {@code payload} as an event of {@code type} for the session and wakes every instance. */
    public PushEvent send(String sessionId, String type, Object payload) {
        PushEvent event = log.append(sessionId, type, json.write(payload));
        redis.call(client -> topic(client).publish(json.write(event)));
        return event;
    }

    /** Subscribes without waiting: a failure (Redis down) schedules another try in 5 s. */
    private void subscribe() {
        try {
            redis.call(client -> topic(client).addListenerAsync(String.class,
                    (channel, message) -> hub.deliver(json.read(message, PushEvent.class))))
                    .whenComplete((listenerId, failure) -> {
                        if (failure == null) {
                            subscribed = true;
                        } else {
                            retryLater(failure);
                        }
                    });
        } catch (StoreUnavailableException e) {
            retryLater(e);
        }
    }

    private void retryLater(Throwable failure) {
        LOG.log(Level.WARNING, "kickout push: cannot subscribe to Redis yet; retrying in 5 s", LogText.safe(failure));
        scheduler.schedule(this::subscribe, 5, TimeUnit.SECONDS);
    }

    /** Whether this instance receives other instances' events. */
    public boolean subscribed() {
        return subscribed;
    }

    private RTopic topic(RedissonClient client) {
        return client.getTopic(keys.pushChannel(), StringCodec.INSTANCE);
    }
}
