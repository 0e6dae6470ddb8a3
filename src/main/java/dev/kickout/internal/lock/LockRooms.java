package dev.kickout.internal.lock;

import dev.kickout.Actor;
import dev.kickout.InvalidRequestException;
import dev.kickout.LockHolder;
import dev.kickout.LockView;
import dev.kickout.NotLockedException;
import dev.kickout.ResourceRef;
import dev.kickout.event.LockEnded;
import dev.kickout.event.LockFreed;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.NotFoundException;
import dev.kickout.internal.TooManyAttemptsException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.ModuleClock;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.session.Session;
import dev.kickout.spi.LockPolicy;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * What the people around a record's lock do besides holding it: wait in a fair queue (the first in
 * line gets the freed lock reserved for {@code kickout.lock.reservation}), ask the holder to hand over,
 * and see who else has the record open. Every change reaches the pages concerned as an event
 * ({@link LockNotice}). Redis keeps the room in the lock's own slot (lock-queue-lib.lua), so each step
 * is one atomic script, also on a Redis Cluster.
 *
 * <pre>{@code
 * @Inject LockRooms rooms;
 * Place place = rooms.join(new ResourceRef("order", "10086"), current.require());
 * }</pre>
 */
@ApplicationScoped
public class LockRooms {

    /** The longest hand-over message, in characters. */
    public static final int MESSAGE_MAX = 280;
    /** How long after an answer the same requester may ask again. */
    static final Duration ASK_COOL_DOWN = Duration.ofSeconds(30);
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9_-]{22}");
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    RoomStore store;
    @Inject
    RedisStore redis;
    @Inject
    LockGate gate;
    @Inject
    KickoutConfig config;
    @Inject
    ModuleClock clock;
    @Inject
    LockIndex index;
    @Inject
    Event<LockNotice> notices;
    @Inject
    Event<LockEnded> ended;
    @Inject
    Event<LockFreed> freedEvents;
    @Inject
    LockStore locks;

    /** The resource whose {@link LockFreed} this thread fires after its release advanced the queue. */
    private final ThreadLocal<ResourceRef> advancedHere = new ThreadLocal<>();

    @Resource
    ManagedScheduledExecutorService scheduler;
    /** Set when the application stops: an advance scheduled before then finds its beans gone and does nothing. */
    private volatile boolean stopped;

    private static final Logger LOG = Logger.getLogger(LockRooms.class.getName());

    /**
     * Puts the caller in the record's queue (keeping its place if it is there already); a free record
     * with nobody ahead is reserved for the caller at once.
     *
     * @throws QueueRefusedException QUEUE_FULL (the record's or the user's), ALREADY_HOLDER
     * @throws LockForbiddenException the host's {@link LockPolicy} refuses the caller this record
     */
    public Place join(ResourceRef resource, Session session) {
        gate.admit(resource, session);
        String entry = queueEntry(resource, session.sessionId());
        if (store.countQueue(session.userId(), entry, config.lock().queueMaxPerUser(), resource).equals("FULL")) {
            throw QueueRefusedException.full(resource, "USER", config.lock().queueMaxPerUser());
        }
        RoomStore.Joined joined = store.join(resource, session);
        switch (joined.status()) {
            case "HOLDER" -> {
                store.uncountQueue(session.userId(), entry);
                throw QueueRefusedException.holder(resource);
            }
            case "FULL" -> {
                store.uncountQueue(session.userId(), entry);
                throw QueueRefusedException.full(resource, "RECORD", config.lock().queueMaxPerRecord());
            }
            default -> {
                store.rewatch(resource, clock.now().millis());
                announce(resource, joined.turn());
                return joined.place();
            }
        }
    }

    /** Takes the caller out of the queue; a reservation it held passes to the next in line. */
    public void leave(ResourceRef resource, Session session) {
        gate.requireDeclared(resource);
        store.uncountQueue(session.userId(), queueEntry(resource, session.sessionId()));
        announce(resource, store.leave(resource, session.sessionId(), false));
    }

    /** The caller's turn came and it took the lock: it waits in one queue less. */
    void served(ResourceRef resource, Session session) {
        store.uncountQueue(session.userId(), queueEntry(resource, session.sessionId()));
    }

    /** The caller's page closed: off the record's viewers, out of its queue. */
    public void leavePage(ResourceRef resource, Session session) {
        gate.requireDeclared(resource);
        store.uncountQueue(session.userId(), queueEntry(resource, session.sessionId()));
        announce(resource, store.leave(resource, session.sessionId(), true));
    }

    /**
     * The caller's place in the queue (position 0 when not in it).
     *
     * @throws LockForbiddenException the host's {@link LockPolicy} does not let the caller see this record's room
     */
    public Place place(ResourceRef resource, Session session) {
        gate.admitViewer(resource, session);
        RoomStore.Snapshot snapshot = store.snapshots(List.of(resource)).get(0);
        return placeOf(resource, session.sessionId(), snapshot.queue(), snapshot.lock());
    }

    /**
     * The caller's page shows the record: marks it present (a waiter's presence keeps its place) and
     * answers the room: the lock as the caller may see it, a reservation, the caller's place, the viewers.
     *
     * @throws LockForbiddenException the host's {@link LockPolicy} does not let the caller see this record's room
     */
    public Room presence(ResourceRef resource, Session session) {
        gate.admitViewer(resource, session);
        JsonObject room = jakarta.json.Json.createReader(new StringReader(store.presence(resource, session))).readObject();
        Map<String, String> lock = strings(room.get("lock"));
        List<String> queue = array(room.get("queue")).stream().map(value -> ((JsonString) value).getString()).toList();
        if (queue.contains(session.sessionId())) {
            store.countQueue(session.userId(), queueEntry(resource, session.sessionId()), 0, resource);
        }
        LockView view = "HELD".equals(lock.get("state")) ? visibleTo(LockStore.view(resource, lock), session) : null;
        Reservation reserved = "RESERVED".equals(lock.get("state")) ? LockStore.reservation(lock) : null;
        List<Viewer> viewers = new ArrayList<>();
        for (JsonValue value : array(room.get("viewers"))) {
            JsonArray pair = value.asJsonArray();
            String sessionId = pair.getString(0);
            JsonObject who = pair.getJsonObject(1);
            String role = sessionId.equals(lock.get("sessionId")) && view != null ? "EDITING"
                    : queue.contains(sessionId) || sessionId.equals(lock.get("sessionId")) ? "WAITING" : "READING";
            viewers.add(new Viewer(who.getString("userId", null), who.getString("username", null),
                    Instant.ofEpochMilli(who.getJsonNumber("since").longValue()), role,
                    sessionId.equals(session.sessionId()) ? Boolean.TRUE : null));
        }
        return new Room(resource.type(), resource.id(), view, reserved,
                placeOf(resource, session.sessionId(), queue, lock), viewers,
                (int) config.lock().timing(resource.type()).heartbeat().toSeconds());
    }

    /**
     * A waiter asks the holder to hand over, with a short message; the holder's pages get
     * {@code HANDOVER_REQUESTED}.
     *
     * @return the request's id, which the holder's answer names
     * @throws QueueRefusedException NOT_WAITING: the caller is not in the queue
     * @throws dev.kickout.NotLockedException nobody holds the lock
     * @throws TooManyAttemptsException the caller's last request is open or was answered within 30 s
     * @throws LockForbiddenException the host's {@link LockPolicy} does not let the caller lock this record
     */
    public String askHandover(ResourceRef resource, Session session, String message) {
        gate.admit(resource, session);
        String text = message == null ? "" : message.strip();
        if (text.length() > MESSAGE_MAX || text.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n')) {
            throw new InvalidRequestException(Text.of("handover.message", MESSAGE_MAX));
        }
        String requestId = newId();
        List<Object> reply = store.ask(resource, session, requestId, text, ASK_COOL_DOWN.toMillis());
        switch ((String) reply.get(0)) {
            case "NOT_LOCKED" -> throw new NotLockedException(resource);
            case "NOT_WAITING" -> throw QueueRefusedException.notWaiting(resource);
            case "TOO_SOON" -> throw new TooManyAttemptsException(Text.of("handover.too-soon", resource),
                    Duration.ofMillis(Long.parseLong((String) reply.get(1))));
            default -> {
                Map<String, Object> payload = payload(resource);
                payload.put("from", Map.of("userId", session.userId(), "username", session.username()));
                payload.put("message", text);
                payload.put("requestId", requestId);
                notify((String) reply.get(1), "HANDOVER_REQUESTED", payload);
                Duration idleAfter = config.lock().timing(resource.type()).handoverIdleAfter();
                if (!idleAfter.isZero()) {
                    store.rewatch(resource, clock.now().millis() + idleAfter.toMillis());
                }
                return requestId;
            }
        }
    }

    /**
     * The holder answers a hand-over request. Accepting saves nothing: it ends the holding at once and
     * reserves the lock for the requester ahead of the queue.
     *
     * @throws NotFoundException no open request with that id for this holder
     * @throws dev.kickout.LockLostException the token no longer holds the lock
     */
    public void answerHandover(ResourceRef resource, String lockToken, Session session, String requestId, boolean accept) {
        gate.requireDeclared(resource);
        if (requestId == null || !REQUEST_ID.matcher(requestId).matches()) {
            throw new NotFoundException(Text.of("handover.no-request", "?"));
        }
        List<Object> reply = store.answer(resource, EditLocks.hash(lockToken), session.sessionId(), requestId, accept);
        String status = (String) reply.get(0);
        switch (status) {
            case "NO_REQUEST" -> throw new NotFoundException(Text.of("handover.no-request", requestId));
            case "DECLINED" -> notify((String) reply.get(1), "HANDOVER_ANSWERED", answered(resource, requestId, false));
            case "ACCEPTED" -> handedOver(resource, new Actor((String) reply.get(2), (String) reply.get(1), null), requestId,
                    (String) reply.get(3), Turn.parse(reply, 4), new Actor(session.userId(), session.sessionId(), null));
            default -> LockStore.reply(resource, reply).orThrow(resource);
        }
    }

    /**
     * Looks after the record's queue now: a freed lock is reserved for the first in line (and the
     * queue told), a due idle hand-over happens. Answers whether the lock is free with nobody waiting.
     */
    boolean advance(ResourceRef resource, double watchedScore) {
        return advanced(resource, store.advance(resource), watchedScore);
    }

    /** Acts on lock-queue-advance.lua's {@code reply}; true when nobody is in line (EMPTY). */
    private boolean advanced(ResourceRef resource, List<Object> reply, double watchedScore) {
        switch ((String) reply.get(0)) {
            case "BUSY" -> {
                store.rewatch(resource, Long.parseLong((String) reply.get(1)));
                return false;
            }
            case "EMPTY" -> {
                if (!Double.isNaN(watchedScore)) {
                    store.unwatch(resource, watchedScore);
                }
                return true;
            }
            case "HANDED_OVER" -> {
                handedOver(resource, new Actor((String) reply.get(3), (String) reply.get(1), null), (String) reply.get(2),
                        (String) reply.get(4), Turn.parse(reply, 5), Actor.SYSTEM);
                return false;
            }
            default -> {
                announce(resource, Turn.parse(reply, 0));
                return false;
            }
        }
    }

    /**
     * A lock freed (released, dropped with its session, force-released once its grace is over, ended at
     * a deadline): the first in its queue gets the turn; with nobody waiting, those refused it lately
     * get {@code LOCK_AVAILABLE}.
     */
    void onFreed(@Observes LockFreed event) {
        if (event.resource().equals(advancedHere.get())) {
            return; // a release whose own round trip advanced the queue
        }
        if (event.after().isZero()) {
            freed(event.resource());
        } else {
            scheduler.schedule(ContainerThreads.releasing(() -> {
                if (!stopped) {
                    freed(event.resource());
                }
            }), event.after().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The application stops; the waiters of a lock whose advance was still due get their turn from the next release or sweep. */
    @PreDestroy
    void stop() {
        stopped = true;
    }

    void freed(ResourceRef resource) {
        try {
            // at once, or with the other deferred steps of the release that freed it
            redis.defer(RedisStore.step(store.advanceAndTakeWaiters(resource)), reply -> advancedOnFree(resource, reply));
        } catch (RuntimeException e) {
            notAdvanced(resource, e);
        }
    }

    /** The queue's advance for a release to send in its own batch, after the lock's script (same slot). */
    RedisStore.Call advanceOnRelease(ResourceRef resource) {
        return store.advanceAndTakeWaiters(resource);
    }

    /**
     * After a release whose batch ran {@link #advanceOnRelease}: acts on that advance's {@code reply}
     * ({@code released}: the release went through), and tells the host's observers that the lock
     * freed ({@link LockFreed}) without advancing again. An advance that found the lock still there
     * ran before the release (which met NOSCRIPT and was sent again after it) or after another acquire:
     * it is done once more. A refused release's advance is acted on only for a hand-over it made (a
     * holder idle past {@code handover-idle-after}).
     */
    void releasedWithAdvance(ResourceRef resource, boolean released, Object reply) {
        Object outcome = ((List<?>) reply).get(0);
        if (!released) {
            if ("HANDED_OVER".equals(outcome)) {
                advancedOnFree(resource, reply);
            }
            return;
        }
        if ("BUSY".equals(outcome)) {
            freed(resource);
        } else {
            advancedOnFree(resource, reply);
        }
        advancedHere.set(resource);
        try {
            freedEvents.fire(new LockFreed(resource, Duration.ZERO));
        } finally {
            advancedHere.remove();
        }
    }

    private void advancedOnFree(ResourceRef resource, Object reply) {
        try {
            @SuppressWarnings("unchecked")
            List<Object> answer = (List<Object>) reply;
            if (advanced(resource, answer, Double.NaN)) {
                for (Object sessionId : answer.subList(1, answer.size())) {
                    notify((String) sessionId, "LOCK_AVAILABLE", payload(resource));
                }
            }
        } catch (RuntimeException e) {
            notAdvanced(resource, e);
        }
    }

    private static void notAdvanced(ResourceRef resource, RuntimeException e) {
        LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.LOCK_NOTICE_NOT_SENT.message(
                "the queue of " + LogText.escape(resource) + " was not advanced, nor LOCK_AVAILABLE sent"));
    }

    /** A session ended: out of every queue it waited in (its pages' presence lapses by itself). */
    void leaveAllOf(String userId, String sessionId) {
        leaveAllOf(userId, sessionId, store.queuesOf(userId));
    }

    /** {@link #leaveAllOf(String, String)}, with the user's queue entries ({@code queued}) read already. */
    void leaveAllOf(String userId, String sessionId, Collection<String> queued) {
        for (String entry : queued) {
            int space = entry.lastIndexOf(' ');
            if (space > 0 && entry.substring(space + 1).equals(sessionId)) {
                ResourceRef resource = ResourceRef.parse(entry.substring(0, space));
                store.uncountQueue(userId, entry);
                announce(resource, store.leave(resource, sessionId, true));
            }
        }
    }

    /** A page of the records with someone waiting or a reservation, for the admin. */
    public record QueuePage(long total, List<QueueItem> items) {
    }

    /** One record's queue as the admin sees it. */
    public record QueueItem(String type, String id, LockHolder holder, Reservation reservedFor, List<Waiter> waiting) {
    }

    /** Someone waiting, since when. */
    public record Waiter(String userId, String username, Instant since) {
    }

    /** The records whose queue the lock watch looks after (at most 1,000 looked at), with their waiters. */
    public QueuePage queues(int offset, int limit) {
        List<ResourceRef> watched = new ArrayList<>();
        for (var entry : store.due(store.watchKeys(), Double.POSITIVE_INFINITY, 1000 / RedisKeys.INDEX_SHARDS + 1)) {
            watched.add(ResourceRef.parse(entry.getValue()));
        }
        watched.sort((a, b) -> a.toString().compareTo(b.toString()));
        List<QueueItem> items = new ArrayList<>();
        List<RoomStore.Snapshot> snapshots = store.snapshots(watched);
        for (int i = 0; i < watched.size(); i++) {
            RoomStore.Snapshot snapshot = snapshots.get(i);
            Map<String, String> lock = snapshot.lock();
            if (snapshot.queue().isEmpty() && !"RESERVED".equals(lock.get("state"))) {
                continue;
            }
            List<Waiter> waiting = snapshot.queue().stream().map(sessionId -> {
                JsonObject who = jakarta.json.Json.createReader(new StringReader(
                        snapshot.names().getOrDefault(sessionId, "{}"))).readObject();
                return new Waiter(who.getString("userId", null), who.getString("username", null),
                        who.containsKey("since") ? Instant.ofEpochMilli(who.getJsonNumber("since").longValue()) : null);
            }).toList();
            ResourceRef resource = watched.get(i);
            items.add(new QueueItem(resource.type(), resource.id(),
                    "HELD".equals(lock.get("state")) ? new LockHolder(lock.get("userId"), lock.get("username"), null, null) : null,
                    "RESERVED".equals(lock.get("state")) ? LockStore.reservation(lock) : null, waiting));
        }
        int from = Math.min(offset, items.size());
        return new QueuePage(items.size(), items.subList(from, Math.min(items.size(), from + limit)));
    }

    /** Tells the first in line of its reservation and the rest of their new places. */
    void announce(ResourceRef resource, Turn turn) {
        if (turn == null) {
            return;
        }
        store.rewatch(resource, turn.until().toEpochMilli());
        Map<String, Object> reserved = payload(resource);
        reserved.put("until", turn.until());
        notify(turn.sessionId(), "LOCK_RESERVED", reserved);
        for (int i = 0; i < turn.waiting().size(); i++) {
            Map<String, Object> place = payload(resource);
            place.put("position", i + 1);
            place.put("size", turn.waiting().size());
            notify(turn.waiting().get(i), "LOCK_QUEUE", place);
        }
    }

    /** Tells one session's pages {@code event}; a failure is logged, never thrown at the caller. */
    void notify(String sessionId, String event, Map<String, Object> payload) {
        try {
            notices.fire(new LockNotice(sessionId, event, payload));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.LOCK_NOTICE_NOT_SENT.message(event + " for "
                    + LogText.escape(payload.get("type") + "/" + payload.get("id")) + " not sent"));
        }
    }

    private void handedOver(ResourceRef resource, Actor requester, String requestId, String releasedJson, Turn turn,
                            Actor acceptedBy) {
        Map<String, String> fields = pairs(releasedJson);
        LockView released = LockStore.view(resource, fields);
        index.released(released);
        notify(requester.sessionId(), "HANDOVER_ANSWERED", answered(resource, requestId, true));
        Map<String, Object> lost = payload(resource);
        lost.put("reason", "HANDED_OVER");
        lost.put("by", requester.userId());
        lost.put("at", clock.now().instant());
        lost.put("fence", released.fence());
        notify(released.holder().sessionId(), "EDIT_LOCK_RELEASED", lost);
        announce(resource, turn);
        ended.fire(new LockEnded(released, "HANDED_OVER", requester, acceptedBy,
                clock.now().instant()));
    }

    private static Map<String, Object> answered(ResourceRef resource, String requestId, boolean accepted) {
        Map<String, Object> payload = payload(resource);
        payload.put("requestId", requestId);
        payload.put("accepted", accepted);
        return payload;
    }

    static Map<String, Object> payload(ResourceRef resource) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("type", resource.type());
        payload.put("id", resource.id());
        return payload;
    }

    private LockView visibleTo(LockView lock, Session viewer) {
        return viewer.userId().equals(lock.holder().userId()) || viewer.roles().contains(config.adminRole())
                ? lock : LockViews.forOthers(lock);
    }

    private static Place placeOf(ResourceRef resource, String sessionId, List<String> queue, Map<String, String> lock) {
        boolean reservedForMe = "RESERVED".equals(lock.get("state")) && sessionId.equals(lock.get("sessionId"));
        return new Place(resource.type(), resource.id(), queue.indexOf(sessionId) + 1, queue.size(),
                reservedForMe ? LockStore.instant(lock.get("expiresAt")) : null);
    }

    static String queueEntry(ResourceRef resource, String sessionId) {
        return resource + " " + sessionId;
    }

    /** A Lua table encoded by cjson: an empty one comes as an object, a list as an array. */
    private static List<JsonValue> array(JsonValue value) {
        return value instanceof JsonArray list ? list : List.of();
    }

    private static Map<String, String> strings(JsonValue value) {
        Map<String, String> out = new HashMap<>();
        if (value instanceof JsonObject object) {
            object.forEach((name, v) -> out.put(name, v instanceof JsonString s ? s.getString() : v.toString()));
        }
        return out;
    }

    /** A flat JSON array of name, value, ... (a lock hash as lock-lib.lua's view() lists it). */
    private static Map<String, String> pairs(String json) {
        JsonArray list = jakarta.json.Json.createReader(new StringReader(json)).readArray();
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i + 1 < list.size(); i += 2) {
            out.put(list.getString(i), list.getString(i + 1));
        }
        return out;
    }

    private static String newId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
