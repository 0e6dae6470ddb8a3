package dev.kickout.internal.push;

import dev.kickout.ProblemCode;
import dev.kickout.internal.Json;
import dev.kickout.internal.session.SessionDirectory;
import dev.kickout.internal.session.SessionDirectory.Standing;
import dev.kickout.internal.session.Tombstone;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the sessions of streams whose known expiry has passed, and words the event that ends a
 * session's streams: {@code FORCE_LOGOUT} from a revocation's tombstone, {@code SESSION_EXPIRED}
 * when it simply ran out.
 */
@ApplicationScoped
class SessionEnds {

    static final String IDLE = "Idle for longer than the session timeout";
    static final String MAX_LIFETIME = "Reached the maximum session lifetime";

    @Inject
    SessionDirectory directory;
    @Inject
    EventLog log;
    @Inject
    Json json;

    /**
     * Re-reads the sessions of {@code due} streams in one round trip: a session that slid moves its
     * streams' known expiry on; one that ended gets its ending event, stored in its log, returned
     * for delivery.
     */
    List<PushEvent> check(List<OpenStream> due) {
        Map<String, List<OpenStream>> bySession = new LinkedHashMap<>();
        due.forEach(stream -> bySession.computeIfAbsent(stream.sessionId, id -> new ArrayList<>()).add(stream));
        Map<String, Standing> standings = directory.standings(bySession.keySet());
        List<PushEvent> endings = new ArrayList<>();
        bySession.forEach((sessionId, streams) -> {
            Standing standing = standings.get(sessionId);
            if (standing.live()) {
                streams.forEach(stream -> stream.slid(standing.expiresAt(), standing.readAt()));
            } else {
                // the stored expiry when the record is still there: the known one may predate a last slide
                OpenStream any = streams.get(0);
                Instant expiredAt = standing.expiresAt() != null ? standing.expiresAt() : any.knownExpiry();
                endings.add(ending(sessionId, standing.tombstone(), expiredAt, any.capAt));
            }
        });
        return endings;
    }

    private PushEvent ending(String sessionId, Tombstone tombstone, Instant expiredAt, Instant capAt) {
        if (tombstone != null && !Tombstone.EXPIRED.equals(tombstone.code())) {
            return log.append(sessionId, PushEvent.FORCE_LOGOUT, json.write(forceLogout(sessionId, tombstone)));
        }
        return log.append(sessionId, PushEvent.SESSION_EXPIRED, json.write(expired(sessionId, expiredAt, capAt)));
    }

    /** {@code FORCE_LOGOUT} data: {@code {code, reason, by, at, sessionId}}, the tombstone as stored. */
    static Map<String, Object> forceLogout(String sessionId, Tombstone tombstone) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("code", tombstone.code());
        payload.put("reason", tombstone.reason());
        payload.put("by", tombstone.by());
        payload.put("at", tombstone.at());
        payload.put("sessionId", sessionId);
        return payload;
    }

    /** {@code SESSION_EXPIRED} data: {@code {code: TOKEN_EXPIRED, reason, at, sessionId}}. */
    static Map<String, Object> expired(String sessionId, Instant expiredAt, Instant capAt) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("code", ProblemCode.TOKEN_EXPIRED.name());
        payload.put("reason", expiredAt.isBefore(capAt) ? IDLE : MAX_LIFETIME);
        payload.put("at", expiredAt);
        payload.put("sessionId", sessionId);
        return payload;
    }
}
