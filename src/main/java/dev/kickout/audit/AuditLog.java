package dev.kickout.audit;

import dev.kickout.Actor;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.redisson.api.RStream;
import org.redisson.api.RedissonClient;
import org.redisson.api.stream.StreamAddArgs;
import org.redisson.api.stream.StreamMessageId;
import org.redisson.api.stream.StreamRangeArgs;
import org.redisson.client.codec.StringCodec;

/**
 * The durable audit trail: a capped Redis Stream (it outlives app-server restarts) plus one log
 * line per entry. Newest first on reading.
 */
@ApplicationScoped
public class AuditLog {

    /** Entries kept; older ones are trimmed as new ones arrive. */
    static final int CAPACITY = 10_000;

    private static final Logger LOG = Logger.getLogger("dev.kickout.audit");
    private static final String DETAIL = "d.";

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;

    /** Appends an entry and logs it. */
    public void record(String action, Actor actor, String target, String reason, String outcome,
                       Map<String, String> details) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("at", Long.toString(System.currentTimeMillis()));
        fields.put("action", action);
        fields.put("target", target);
        fields.put("reason", orEmpty(reason));
        fields.put("outcome", outcome);
        fields.put("actor.userId", orEmpty(actor.userId()));
        fields.put("actor.sessionId", orEmpty(actor.sessionId()));
        fields.put("actor.ip", orEmpty(actor.ip()));
        details.forEach((name, value) -> fields.put(DETAIL + name, orEmpty(value)));
        redis.call(client -> stream(client).add(StreamAddArgs.entries(fields).trimNonStrict().maxLen(CAPACITY).noLimit()));
        LOG.info(() -> "kickout audit action=" + action + " outcome=" + outcome + " target=" + target
                + " actor=" + actor.userId() + "/" + actor.sessionId() + "@" + actor.ip() + " reason=" + reason);
    }

    /** Up to {@code limit} entries older than the entry {@code before} (or the newest), newest first. */
    public List<AuditEntry> list(int limit, String before) {
        StreamMessageId end = before == null ? StreamMessageId.MAX : parse(before);
        Map<StreamMessageId, Map<String, String>> page = redis.call(client -> stream(client).rangeReversed(
                before == null ? StreamRangeArgs.startId(end).endId(StreamMessageId.MIN).count(limit)
                        : StreamRangeArgs.startIdExclusive(end).endId(StreamMessageId.MIN).count(limit)));
        List<AuditEntry> entries = new ArrayList<>();
        page.forEach((id, fields) -> entries.add(entry(id, fields)));
        return entries;
    }

    /** Parses a {@code <millis>-<sequence>} cursor; null if it is not one. */
    public static StreamMessageId parse(String id) {
        String[] parts = id.split("-", -1);
        try {
            if (parts.length == 2) {
                return new StreamMessageId(Long.parseUnsignedLong(parts[0]), Long.parseUnsignedLong(parts[1]));
            }
        } catch (NumberFormatException e) {
            // not a cursor
        }
        return null;
    }

    private RStream<String, String> stream(RedissonClient client) {
        return client.getStream(keys.auditStream(), StringCodec.INSTANCE);
    }

    private static AuditEntry entry(StreamMessageId id, Map<String, String> fields) {
        Actor actor = new Actor(orNull(fields.get("actor.userId")), orNull(fields.get("actor.sessionId")),
                orNull(fields.get("actor.ip")));
        Map<String, String> details = new LinkedHashMap<>();
        fields.forEach((name, value) -> {
            if (name.startsWith(DETAIL)) {
                details.put(name.substring(DETAIL.length()), orNull(value));
            }
        });
        return new AuditEntry(id.toString(), Instant.ofEpochMilli(Long.parseLong(fields.get("at"))),
                fields.get("action"), actor, fields.get("target"), orNull(fields.get("reason")),
                fields.get("outcome"), details);
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    private static String orNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
