package dev.kickout.internal.session;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Who is online: sessions and users for the admin console, most recently active first. Reads
 * prune what has expired or was revoked since the indexes were written.
 */
@ApplicationScoped
public class SessionDirectory {

    /** Stale index entries re-checked per read, so a read's work stays bounded. */
    static final int TIDY_LIMIT = 1000;

    @Inject
    SessionStore store;
    @Inject
    SessionIndexes indexes;

    /** One page of a listing and the total it was cut from. */
    public record Page<T>(long total, List<T> items) {
    }

    /** A user with live sessions. */
    public record OnlineUser(String userId, String username, int sessions, Instant lastSeen) {
    }

    /**
     * Live sessions, optionally of one user and/or one device type, most recently active first. By
     * user it reads that user's sessions (at most the per-user cap); otherwise it walks the users
     * index to the page and reads the users on it, each user's sessions together.
     */
    public Page<Session> sessions(String userId, String deviceType, int offset, int limit) {
        if (userId != null) {
            List<Session> all = listed(store.user(RedisKeys.userTag(userId)).sessions(), deviceType);
            int from = Math.min(offset, all.size());
            return new Page<>(all.size(), all.subList(from, Math.min(all.size(), from + limit)));
        }
        indexes.tidy(TIDY_LIMIT);
        SessionIndexes.Walk walk = indexes.sessions(deviceType, offset, limit);
        List<SessionStore.UserSessions> users = store.users(
                walk.slices().stream().map(SessionIndexes.Slice::userTag).toList());
        List<Session> page = new ArrayList<>();
        for (int i = 0; i < users.size() && page.size() < limit; i++) {
            List<Session> own = listed(users.get(i).sessions(), deviceType);
            own.stream().skip(walk.slices().get(i).skip()).limit(limit - page.size()).forEach(page::add);
        }
        return new Page<>(walk.total(), page);
    }

    /** Users with at least one live session. */
    public Page<OnlineUser> onlineUsers(int offset, int limit) {
        indexes.tidy(TIDY_LIMIT);
        Page<String> tags = indexes.userTags(offset, limit);
        List<OnlineUser> users = store.users(tags.items()).stream()
                .filter(user -> user.user() != null && !user.sessions().isEmpty())
                .map(user -> new OnlineUser(user.user().userId(), user.user().username(), user.sessions().size(),
                        user.sessions().stream().map(Session::lastSeen).max(Comparator.naturalOrder()).orElse(null)))
                .toList();
        return new Page<>(tags.total(), users);
    }

    /** One user's sessions as listed: of the device type if one is given, most recently active first. */
    private static List<Session> listed(List<Session> sessions, String deviceType) {
        return sessions.stream()
                .filter(session -> deviceType == null || deviceType.equals(session.deviceType()))
                .sorted(Comparator.comparing(Session::lastSeen).reversed().thenComparing(Session::sessionId))
                .collect(Collectors.toCollection(ArrayList::new));
    }

    /** Refreshes up to {@code limit} users of the listing index whose entry's expiry has passed (the sweeper's share). */
    public void tidy(int limit) {
        indexes.tidy(limit);
    }

    /** The live sessions of one user (empty for an unknown user). */
    public List<Session> sessionsOf(String userId) {
        return store.user(RedisKeys.userTag(userId)).sessions();
    }

    /**
     * Where a session stands for someone holding only its id: {@code live} or ended (by Redis's
     * clock); its expiry as last stored (null once its record is gone); its tombstone while one is
     * kept (null while live, or when expired and forgotten); and Redis's time when this was read, so
     * that the time left ({@code expiresAt - readAt}) can be measured without this server's clock.
     */
    public record Standing(boolean live, Instant expiresAt, Tombstone tombstone, Instant readAt) {
    }

    /**
     * Where each of these sessions stands now, in one Redis round trip and without sliding anything:
     * the event streams re-check a session this way once its known expiry has passed.
     */
    public Map<String, Standing> standings(Collection<String> sessionIds) {
        return store.standings(List.copyOf(sessionIds));
    }

    /** The call that reads where one session stands, for a caller that pipelines it with its own reads ({@link #standing}). */
    public RedisStore.Call standingCall(String sessionId) {
        return store.standingCall(sessionId);
    }

    /** The reply of a {@link #standingCall}, read. */
    public Standing standing(Object reply) {
        return store.standing((List<?>) reply);
    }
}
