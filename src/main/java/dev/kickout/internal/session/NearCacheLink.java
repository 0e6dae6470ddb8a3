package dev.kickout.internal.session;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.ModuleClock;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RScript;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.api.listener.BaseStatusListener;
import org.redisson.client.codec.StringCodec;

/**
 * Keeps this instance's {@link NearCache} honest: listens on the invalidation channel
 * ({@link RedisKeys#nearCacheChannel()}), publishes a numbered heartbeat there every fifth of
 * {@code kickout.session.near-cache.silence} from a script that writes first and stamps the beat with Redis's
 * time ({@code near-cache-beat.lua}: a Redis refusing writes sends none), opens the cache's fence only on
 * hearing its own, for the silence after each was sent, publishes
 * the invalidation of a user whose sessions a revocation ended, and writes the sliding expiry of answered
 * sessions in one pipelined batch per {@code kickout.session.touch-interval}. With
 * {@code kickout.session.near-cache=false} none of this runs and every token is checked in Redis.
 */
@ApplicationScoped
public class NearCacheLink {

    private static final Logger LOG = Logger.getLogger(NearCacheLink.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    ModuleClock clock;
    @Inject
    SessionStore store;
    @Resource
    ManagedScheduledExecutorService scheduler;

    private final String instance = HexFormat.of().formatHex(random());
    private final AtomicBoolean subscribing = new AtomicBoolean();
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();
    private NearCache cache;
    private volatile boolean subscribed;
    private volatile boolean statusListening;
    private long beat;

    @PostConstruct
    void init() {
        if (config.enabled() && config.session().nearCache()) {
            cache = new NearCache(config.session().ttl(), config.session().nearCacheSilence(), config.session().nearCacheMaxAge(),
                    config.session().nearCacheSize(), System::nanoTime, () -> clock.now().millis());
        }
    }

    /** Subscribes and starts the heartbeat at deployment; if Redis is down, every beat tries again. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (cache == null) {
            return;
        }
        long every = Math.max(1, config.session().nearCacheSilence().toMillis() / 5);
        timers.add(scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(this::beat), 0, every, TimeUnit.MILLISECONDS));
        long touch = config.session().touchInterval().toMillis();
        timers.add(scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(this::flushTouches), touch, touch, TimeUnit.MILLISECONDS));
    }

    @PreDestroy
    void stop() {
        timers.forEach(timer -> timer.cancel(false));
        flushTouches();
    }

    /** The cache, or null with the setting off. */
    NearCache cache() {
        return cache;
    }

    /**
     * Tells every instance's cache to forget the user's sessions, this one's first. The deciding script
     * (revoke.lua, login.lua) already published the same message atomically with the decision, so an
     * instance that dies right after deciding leaves no cache behind; this second publication, a follow-up,
     * covers a message lost between Redis Cluster nodes. Inside {@link RedisStore#pipelined} work the
     * publication goes with the rest of the batch. Throws if Redis does not take it: the outbox then
     * delivers it again.
     */
    void invalidate(String userTag) {
        if (cache == null) {
            return;
        }
        cache.invalidate(userTag);
        String channel = keys.nearCacheChannel();
        redis.defer(RedisStore.Step.on(channel, (batch, bySha) ->
                batch.getTopic(channel, StringCodec.INSTANCE).publishAsync(invalidation(userTag))), published -> { });
    }

    /** The message that makes every near cache forget a user's sessions. */
    static String invalidation(String userTag) {
        return "u " + userTag;
    }

    private RTopic topic(RedissonClient client) {
        return client.getTopic(keys.nearCacheChannel(), StringCodec.INSTANCE);
    }

    private void beat() {
        try {
            subscribe();
            if (subscribed) {
                long next = beat++;
                long before = System.nanoTime();
                Long sentAt = redis.eval(Script.NEAR_CACHE_BEAT, RScript.ReturnType.LONG,
                        List.of(keys.nearCacheBeat(instance)), keys.nearCacheChannel(), instance, next,
                        config.session().nearCacheSilence().toMillis() * 4);
                cache.sent(sentAt, before);
            }
        } catch (RuntimeException e) {
            // unheard, the fence lapses after the silence: requests go to Redis
            LOG.log(Level.FINE, LogId.NEAR_CACHE_HEARTBEAT_NOT_SENT.message("near cache heartbeat not published"),
                    LogText.safe(e));
        }
    }

    private void subscribe() {
        if (subscribed || !subscribing.compareAndSet(false, true)) {
            return;
        }
        try {
            redis.call(client -> {
                RTopic topic = topic(client);
                if (!statusListening) {
                    topic.addListenerAsync(new BaseStatusListener() {
                        @Override
                        public void onSubscribe(String channel) {
                            cache.close(); // (re)subscribed: whatever was published meanwhile is lost to us
                        }

                        @Override
                        public void onUnsubscribe(String channel) {
                            cache.close();
                        }
                    });
                    statusListening = true;
                }
                return topic.addListenerAsync(String.class, (channel, message) -> receive(message));
            }).whenComplete((id, failure) -> {
                subscribing.set(false);
                if (failure == null) {
                    subscribed = true;
                } else {
                    unsubscribed(failure);
                }
            });
        } catch (RuntimeException e) {
            subscribing.set(false);
            unsubscribed(e);
        }
    }

    private void unsubscribed(Throwable failure) {
        LOG.log(Level.WARNING, LogId.NEAR_CACHE_UNSUBSCRIBED.message("near cache cannot listen on Redis yet;"
                + " token checks go to Redis until it can"), LogText.safe(failure));
    }

    private void receive(String message) {
        if (message.startsWith("u ")) {
            cache.invalidate(message.substring(2));
        } else if (message.startsWith("h " + instance + " ")) {
            String[] beat = message.substring(3 + instance.length()).split(" ");
            cache.heard(Long.parseLong(beat[0]), Long.parseLong(beat[1]));
        }
    }

    private void flushTouches() {
        if (cache == null) {
            return;
        }
        List<NearCache.Touch> due = cache.drainTouches();
        if (due.isEmpty()) {
            return;
        }
        try {
            store.touch(due);
        } catch (RuntimeException e) {
            // these sessions may now expire up to one idle timeout early; never late
            LOG.log(Level.FINE, LogId.NEAR_CACHE_TOUCHES_NOT_WRITTEN.message("near cache: " + due.size()
                    + " sliding expiry writes failed"), LogText.safe(e));
        }
    }

    private static byte[] random() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
