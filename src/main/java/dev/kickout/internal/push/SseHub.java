package dev.kickout.internal.push;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.TooManyAttemptsException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.session.Session;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The open event streams of this app-server instance, by session: the one owner of every
 * {@link SseEventSink}, and of the caps on them. Streams leave on a failed send, on close, after
 * {@code FORCE_LOGOUT} or {@code SESSION_EXPIRED}, when their session opens one too many, and at
 * {@code kickout.sse.max-age}; a keep-alive comment every {@code kickout.sse.keepalive} finds the
 * dead ones, and a tick every {@link #TICK_MILLIS} ms closes the aged ones and those whose session
 * has ended. Expiry is Redis's to judge: a stream's session is re-read once when the stream opens
 * and then when the time Redis said it had left has passed (measured with {@link System#nanoTime()}).
 */
@ApplicationScoped
public class SseHub {

    /** How often streams are checked for age and for their session's expiry (an in-memory scan). */
    static final long TICK_MILLIS = 500;

    private static final Logger LOG = Logger.getLogger(SseHub.class.getName());

    @Inject
    Metrics metrics;
    @Inject
    KickoutConfig config;
    @Inject
    SessionEnds ends;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Map<String, List<OpenStream>> streams = new ConcurrentHashMap<>();
    /** Guards the counts below and every change of {@link #streams}. */
    private final Object registry = new Object();
    private final Map<String, Integer> perUser = new HashMap<>();
    private int total;
    private final List<ScheduledFuture<?>> timers = new ArrayList<>();

    @PostConstruct
    void start() {
        long period = config.push().keepalive().toMillis();
        timers.add(scheduler.scheduleAtFixedRate(ContainerThreads.releasing(this::keepAlive), period, period, TimeUnit.MILLISECONDS));
        timers.add(scheduler.scheduleWithFixedDelay(ContainerThreads.releasing(this::tick), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS));
        // from the hub's creation (its first stream or event) on; this instance's count, no Redis
        metrics.gauge(Metrics.STREAMS_OPEN, "Event streams open on this instance", this::openStreams);
    }

    /** Whether the keep-alive and expiry timers still run (a periodic task that failed never runs again). */
    public boolean timersRunning() {
        return !timers.isEmpty() && timers.stream().noneMatch(ScheduledFuture::isDone);
    }

    @PreDestroy
    void stop() {
        timers.forEach(timer -> timer.cancel(false));
        streams.values().forEach(list -> list.forEach(OpenStream::close));
        streams.clear();
    }

    /**
     * Adds a stream for a session, holding live events until {@link #start} sends the replay.
     * Opening more than the per-session cap closes the session's oldest stream.
     *
     * @throws TooManyAttemptsException when the user (on this instance) or this instance holds its cap
     */
    OpenStream register(Session session, SseEventSink sink, Sse sse) {
        long maxAge = config.push().maxAge().toNanos();
        long jitter = ThreadLocalRandom.current().nextLong(maxAge / 10 + 1);
        OpenStream stream = new OpenStream(session, session.loginTime().plus(config.session().maxLifetime()),
                System.nanoTime() + maxAge - jitter, sink, sse, this::close);
        OpenStream evicted = null;
        synchronized (registry) {
            List<OpenStream> own = streams.getOrDefault(session.sessionId(), List.of());
            if (own.size() >= config.push().maxStreams()) {
                evicted = own.get(0);
                remove(evicted);
            } else if (perUser.getOrDefault(session.userId(), 0) >= config.push().maxStreamsPerUser()) {
                throw new TooManyAttemptsException(Text.of("streams.per-user",
                        String.valueOf(config.push().maxStreamsPerUser())), config.push().keepalive());
            } else if (total >= config.push().maxStreamsTotal()) {
                throw new TooManyAttemptsException(Text.of("streams.total"),
                        config.push().keepalive());
            }
            streams.computeIfAbsent(session.sessionId(), id -> new CopyOnWriteArrayList<>()).add(stream);
            perUser.merge(session.userId(), 1, Integer::sum);
            total++;
        }
        if (evicted != null) {
            evicted.close();
        }
        return stream;
    }

    /** Sends a registered stream its replay, then the live events held meanwhile. */
    void start(OpenStream stream, List<PushEvent> replay) {
        stream.start(replay);
    }

    /** Forgets a registered stream that could not start; its response is still free for an error. */
    void drop(OpenStream stream) {
        synchronized (registry) {
            remove(stream);
        }
    }

    /** Sends an event to the session's streams on this instance; completes once every write is done (or failed). */
    CompletionStage<Void> deliver(PushEvent event) {
        List<CompletableFuture<?>> writes = new ArrayList<>();
        for (OpenStream stream : streams.getOrDefault(event.sessionId(), List.of())) {
            writes.add(stream.deliver(event).toCompletableFuture());
        }
        return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new));
    }

    /** Open streams on this instance, for metrics and tests. */
    public int openStreams() {
        synchronized (registry) {
            return total;
        }
    }

    private void close(OpenStream stream) {
        drop(stream);
        stream.close();
    }

    /** Unregisters (once) and counts down; caller holds {@link #registry}. */
    private void remove(OpenStream stream) {
        List<OpenStream> own = streams.get(stream.sessionId);
        if (own == null || !own.remove(stream)) {
            return;
        }
        if (own.isEmpty()) {
            streams.remove(stream.sessionId);
        }
        perUser.computeIfPresent(stream.userId, (user, count) -> count > 1 ? count - 1 : null);
        total--;
    }

    private void keepAlive() {
        streams.values().forEach(list -> list.forEach(stream -> stream.comment("keep-alive")
                .whenComplete((sent, failure) -> {
                    if (failure != null) {
                        close(stream);
                    }
                })));
    }

    /** Closes aged streams, and asks about sessions whose known expiry has passed. */
    private void tick() {
        long nanos = System.nanoTime();
        List<OpenStream> due = new ArrayList<>();
        streams.values().forEach(list -> list.forEach(stream -> {
            if (stream.ended()) {
                return; // its last event is on its way; it closes once that is written
            }
            if (nanos - stream.closeAtNanos >= 0) {
                stream.reconnect();
            } else if (stream.due(nanos)) {
                due.add(stream);
            }
        }));
        if (due.isEmpty()) {
            return;
        }
        try {
            ends.check(due).forEach(this::deliver);
        } catch (RuntimeException e) {
            // Redis unreachable: the streams stay until it answers again (they cannot learn anything new meanwhile)
            LOG.log(Level.FINE, LogText.safe(e), () -> LogId.PUSH_RECHECK_FAILED.message("cannot re-check " + due.size()
                    + " streams' sessions"));
        }
    }
}
