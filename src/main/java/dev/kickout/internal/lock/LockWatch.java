package dev.kickout.internal.lock;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.event.LockEnded;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.ModuleClock;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.StoreUnavailableException;
import jakarta.annotation.PreDestroy;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.client.protocol.ScoredEntry;

/**
 * Every {@code kickout.lock.watch-interval}, on every instance: warns holders whose lock nears its
 * inactivity or max-hold deadline ({@code LOCK_EXPIRING}), releases such locks at the deadline (a
 * one-shot task scheduled for it, so the release comes on time, not at the next tick), and looks
 * after the queues whose turn is due (a lock that expired by its TTL, a reservation left unclaimed, an
 * idle hand-over). Instances do this side by side: each step is an atomic script whose outcome only
 * one of them gets, so nothing is told twice.
 */
@ApplicationScoped
class LockWatch {

    private static final Logger LOG = Logger.getLogger(LockWatch.class.getName());
    /** A deadline's release runs this long after it by this instance's estimate of Redis's clock. */
    private static final long AFTER_MILLIS = 5;
    /** Records looked at per index shard and tick, at most. */
    private static final int PER_SHARD = 100;

    @Inject
    KickoutConfig config;
    @Inject
    ModuleClock clock;
    @Inject
    RoomStore store;
    @Inject
    LockRooms rooms;
    @Inject
    LockIndex index;
    @Inject
    Event<LockEnded> ended;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private static final long OFFSET_REFRESH_MILLIS = 30_000;

    private ScheduledFuture<?> ticks;
    /** Set when the application stops: a release scheduled before then finds its beans gone and does nothing. */
    private volatile boolean stopped;
    private volatile long offset;
    private volatile long offsetReadAt = Long.MIN_VALUE;
    private volatile boolean busy;
    /** Per lock: the deadline a release is scheduled for. */
    private final Map<String, Long> scheduled = new ConcurrentHashMap<>();
    /** Per lock: when to look again for a warning. */
    private final Map<String, Long> looked = new ConcurrentHashMap<>();

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (config.enabled()) {
            try {
                redisNow(); // learns the clock offset now, at deployment, rather than at the first tick
            } catch (RuntimeException e) {
                // Redis is not there yet: the first tick learns it
            }
            long interval = config.lock().watchInterval().toMillis();
            ticks = scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(this::tick), interval, interval, TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
        if (ticks != null) {
            ticks.cancel(false);
        }
    }

    void tick() {
        try {
            long now = redisNow();
            long interval = config.lock().watchInterval().toMillis();
            boolean found = deadlines(now, interval);
            for (ScoredEntry<String> due : store.due(store.watchKeys(), now, PER_SHARD)) {
                found = true;
                advance(due);
            }
            busy = found;
        } catch (StoreUnavailableException e) {
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.LOCK_WATCH_FAILED.message("lock watch skipped a tick"));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.LOCK_WATCH_ERROR.message("lock watch tick failed"));
        }
    }

    /**
     * Redis's time as this instance estimates it: its own clock plus the offset last read from Redis.
     * The offset is read at the first tick, then every 30 s while there is something to look after, so
     * an idle watch sends Redis nothing but its two reads of the lists. The estimate only says when to
     * look; every decision is the scripts', by Redis's clock.
     */
    private long redisNow() {
        long local = System.currentTimeMillis();
        if (offsetReadAt == Long.MIN_VALUE || busy && local - offsetReadAt > OFFSET_REFRESH_MILLIS) {
            offset = store.now() - local;
            offsetReadAt = local;
        }
        return local + offset;
    }

    /** Held locks whose expiry falls within the longest warning: warn now, or schedule the release; answers whether there were any. */
    private boolean deadlines(long now, long interval) {
        long horizon = now + config.lock().idleWarningMax().toMillis() + interval;
        List<ScoredEntry<String>> near = store.due(store.indexKeys(), now - interval, horizon, PER_SHARD);
        looked.entrySet().removeIf(seen -> seen.getValue() < now - 60_000);
        scheduled.entrySet().removeIf(seen -> seen.getValue() < now - 60_000);
        for (ScoredEntry<String> entry : near) {
            long expires = entry.getScore().longValue();
            String member = entry.getValue();
            if (expires <= now + interval) {
                Long planned = scheduled.get(member);
                if (planned == null || planned != expires) {
                    scheduled.put(member, expires);
                    scheduleRelease(ResourceRef.parse(member), expires - now, true);
                }
            } else {
                Long next = looked.get(member);
                if (next == null || next <= now) {
                    alone(member, "warning", () -> warn(ResourceRef.parse(member), now));
                }
            }
        }
        return !near.isEmpty();
    }

    private void advance(ScoredEntry<String> due) {
        alone(due.getValue(), "queue's turn", () -> rooms.advance(ResourceRef.parse(due.getValue()), due.getScore()));
    }

    /**
     * One record's step of a tick: a record it fails for (its type no longer declared here, say) is
     * logged and looked at again next tick, and keeps none of the others waiting behind it.
     */
    private static void alone(String member, String what, Runnable step) {
        try {
            step.run();
        } catch (StoreUnavailableException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.LOCK_WATCH_ERROR.message("lock watch: the " + what
                    + " of " + LogText.escape(member) + " failed"));
        }
    }

    private void warn(ResourceRef resource, long now) {
        List<Object> reply = store.deadline(resource, false);
        String status = (String) reply.get(0);
        if (status.equals("WARN")) {
            Map<String, String> fields = LockStore.fields(reply);
            Map<String, Object> payload = LockRooms.payload(resource);
            payload.put("at", clock.now().instant());
            payload.put("expiresAt", LockStore.instant(fields.get("deadline")));
            payload.put("reason", fields.get("reason"));
            rooms.notify(fields.get("sessionId"), "LOCK_EXPIRING", payload);
            looked.put(resource.toString(), Long.parseLong(fields.get("deadline")));
        } else if (status.equals("NONE") && reply.size() > 1 && !((String) reply.get(1)).isEmpty()) {
            // not due yet: look again once the warning window opens
            long due = Long.parseLong((String) reply.get(1));
            looked.put(resource.toString(), due - config.lock().timing(resource.type()).idleWarning().toMillis());
        }
    }

    private void scheduleRelease(ResourceRef resource, long inMillis, boolean mayRetry) {
        scheduler.schedule(ContainerThreads.releasing(() -> atDeadline(resource, mayRetry)), Math.max(0, inMillis) + AFTER_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    private void atDeadline(ResourceRef resource, boolean mayRetry) {
        if (stopped) {
            return; // another instance's watch, or the sweeper, ends it
        }
        try {
            List<Object> reply = store.deadline(resource, true);
            if ("NONE".equals(reply.get(0))) {
                String due = (String) reply.get(1);
                long wait = due.isEmpty() ? -1 : Long.parseLong(due) - store.now();
                if (mayRetry && wait >= 0 && wait < 2_000) {
                    // this instance's estimate of Redis's clock ran ahead: once more, at the deadline
                    scheduleRelease(resource, wait, false);
                }
                return;
            }
            if (!"RELEASED".equals(reply.get(0))) {
                return;
            }
            Map<String, String> fields = LockStore.fields(reply);
            LockView released = LockStore.view(resource, fields);
            Instant at = LockStore.instant(fields.get("releasedAt"));
            String reason = fields.get("reason");
            index.released(released);
            Map<String, Object> payload = LockRooms.payload(resource);
            payload.put("reason", reason.equals("IDLE") ? "IDLE" : "EXPIRED");
            payload.put("by", null);
            payload.put("at", at);
            payload.put("fence", released.fence());
            rooms.notify(released.holder().sessionId(), "EDIT_LOCK_RELEASED", payload);
            ended.fire(new LockEnded(released, reason, dev.kickout.Actor.SYSTEM, null, at));
            rooms.freed(resource);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.LOCK_WATCH_ERROR.message("release at the deadline of "
                    + LogText.escape(resource) + " failed; the lock expires by its TTL"));
        }
    }
}
