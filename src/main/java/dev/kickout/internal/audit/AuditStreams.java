package dev.kickout.internal.audit;

import dev.kickout.Actor;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisClock;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import dev.kickout.internal.redis.SlotBatches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.api.stream.StreamMessageId;
import org.redisson.api.stream.StreamRangeArgs;
import org.redisson.api.stream.StreamTrimArgs;
import org.redisson.client.codec.StringCodec;

/**
 * The audit trail in Redis, split into {@link RedisKeys#AUDIT_SHARDS} shards spread over the slot
 * space so that no master takes every write: in each, force actions in one stream (trimmed by age
 * only), everything else in another (trimmed by age and by the shard's share of the count), ids
 * from one sequence over both that also carries the shard (see audit-lib.lua), so ids are unique
 * and time-ordered over the whole trail and a read merges every stream by id.
 */
@ApplicationScoped
class AuditStreams {

    /** Entries one request examines at most when filters leave most of them out. */
    static final int SCAN_BUDGET = 2_000;
    private static final int FILTERED_CHUNK = 200;
    private static final String DETAIL = "d.";
    private static final int SHARDS = RedisKeys.AUDIT_SHARDS;
    /** Smallest chunk a reader fetches from one stream. */
    private static final int MIN_CHUNK = 16;

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    RedisClock clock;

    /** Appends {@code draft} (its id and time are ignored) in the shard of its target and returns it as stored. */
    AuditEntry append(AuditEntry draft, boolean force) {
        int shard = RedisKeys.auditShard(draft.target());
        List<Object> args = new ArrayList<>(List.of(force ? "1" : "0", retentionMillis(), shardCapacity(),
                Integer.toString(shard), Integer.toString(SHARDS)));
        args.addAll(fields(draft));
        List<Object> reply = redis.run(Script.AUDIT_APPEND, keys.audit(shard), args.toArray());
        return stored(draft, reply, draft.details());
    }

    /**
     * Appends {@code draft} unless an entry with the same {@code deliveryKey} was appended within
     * {@code kickout.outbox.max-age} and a minute (no outbox entry is delivered later); {@code then}
     * gets the stored entry, or empty if it was. The delivery key picks the shard, so every delivery of
     * one key meets the same dedup set. Inside {@link RedisStore#pipelined} work it goes to Redis with
     * the work's other deferred steps, in one script call with the other entries of its shard.
     */
    void appendOnce(AuditEntry draft, boolean force, String deliveryKey, Consumer<Optional<AuditEntry>> then) {
        int shard = RedisKeys.auditShard(deliveryKey);
        redis.deferTogether(keys.audit(shard).get(0).toString(), List.of(AuditStreams.class, shard),
                new Once(draft, force, deliveryKey), once -> RedisStore.step(appendOnceCall(shard, once)),
                reply -> then.accept(onceStored(draft, reply.toString())));
    }

    /** An entry for audit-append-once.lua. */
    private record Once(AuditEntry draft, boolean force, String deliveryKey) {
    }

    /** audit-append-once.lua for entries of one shard; its reply has one value per entry. */
    private RedisStore.Call appendOnceCall(int shard, List<Once> entries) {
        List<Object> keyList = new ArrayList<>(keys.audit(shard));
        keyList.add(keys.auditDeliveries(shard));
        List<Object> args = new ArrayList<>(List.of(Long.toString(config.outbox().maxAge().plusMinutes(1).toMillis()),
                retentionMillis(), shardCapacity(), Integer.toString(shard), Integer.toString(SHARDS)));
        for (Once once : entries) {
            List<String> fields = fields(once.draft());
            args.add(once.deliveryKey());
            args.add(once.force() ? "1" : "0");
            args.add(Integer.toString(fields.size()));
            args.addAll(fields);
        }
        return new RedisStore.Call(Script.AUDIT_APPEND_ONCE, RScript.ReturnType.LIST, keyList, args.toArray());
    }

    /** The entry as stored, from its reply ("id at-ms"), or empty ("") when its delivery key was already appended. */
    private static Optional<AuditEntry> onceStored(AuditEntry draft, String reply) {
        return reply.isEmpty() ? Optional.empty() : Optional.of(stored(draft, List.of(reply.split(" ")), draft.details()));
    }

    /**
     * Appends {@code draft} unless its actor already made an entry of this action within the
     * denial window; then it is only counted. Empty when only counted.
     */
    Optional<AuditEntry> collapse(AuditEntry draft) {
        Actor actor = draft.actor();
        String who = RedisKeys.userTag(actor.userId() != null ? "u:" + actor.userId() : "ip:" + actor.ip());
        int shard = RedisKeys.auditShard(who); // the collapse key's shard (RedisKeys.auditCollapse)
        List<Object> keyList = new ArrayList<>(keys.audit(shard));
        keyList.add(keys.auditCollapse(draft.action(), who));
        List<Object> args = new ArrayList<>(List.of(retentionMillis(), shardCapacity(),
                Long.toString(config.audit().denialWindow().toMillis()), Integer.toString(shard),
                Integer.toString(SHARDS)));
        args.addAll(fields(draft));
        List<Object> reply = redis.run(Script.AUDIT_COLLAPSE, keyList, args.toArray());
        if (reply.get(0).toString().isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> details = new LinkedHashMap<>(draft.details());
        String repeated = reply.get(2).toString();
        if (!repeated.isEmpty()) {
            details.put("repeatedBefore", repeated);
            details.put("previousEntry", reply.get(3).toString());
        }
        return Optional.of(stored(draft, reply, details));
    }

    /**
     * A page of entries newest first, within the retention, merged from every stream of every shard,
     * examining at most {@link #SCAN_BUDGET}; each stream is fetched in chunks of about twice its
     * share of a page, so a page reads a bounded multiple of what it returns.
     */
    AuditPage read(AuditQuery query) {
        AuditId upper = query.upper();
        // Redis's clock, the one the append script trims by
        AuditId lower = query.lower(clock.millis(keys.audit(0).get(0).toString()) - config.audit().retention().toMillis());
        if (upper == null || upper.compareTo(lower) < 0) {
            return new AuditPage(List.of(), null);
        }
        List<AuditScan.Source> sources = new ArrayList<>();
        for (List<Object> streams : streams()) {
            if (query.action() == null || AuditLog.FORCE_ACTIONS.contains(query.action())) {
                sources.add(source(streams.get(0).toString()));
            }
            if (query.action() == null || !AuditLog.FORCE_ACTIONS.contains(query.action())) {
                sources.add(source(streams.get(1).toString()));
            }
        }
        int wanted = query.unfiltered() ? query.limit() : FILTERED_CHUNK;
        int chunk = Math.min(wanted, Math.max(MIN_CHUNK, (2 * wanted + sources.size() - 1) / sources.size()));
        return AuditScan.page(sources, upper, lower, query::matches, query.limit(), SCAN_BUDGET, chunk);
    }

    /**
     * Trims every stream of every shard by age: an append trims only its
     * own shard, so a shard that gets no entry for a while is trimmed here (by the sweeper).
     * Answers entries removed.
     */
    long trim() {
        long oldest = clock.millis(keys.audit(0).get(0).toString()) - config.audit().retention().toMillis();
        StreamMessageId minId = new StreamMessageId(Math.max(0, oldest), 0);
        List<RFuture<Long>> trims = new ArrayList<>();
        redis.call(client -> {
            SlotBatches batches = redis.batches(client);
            for (List<Object> streams : streams()) {
                for (Object stream : streams.subList(0, 2)) {
                    trims.add(batches.forKey(stream.toString()).getStream(stream.toString(), StringCodec.INSTANCE)
                            .trimAsync(StreamTrimArgs.minId(minId).noLimit()));
                }
            }
            return batches.execute();
        });
        return trims.stream().mapToLong(trim -> trim.toCompletableFuture().join()).sum();
    }

    private AuditScan.Source source(String key) {
        return (upper, lower, count) -> {
            Map<StreamMessageId, Map<String, String>> page = redis.call(client -> client
                    .<String, String>getStream(key, StringCodec.INSTANCE)
                    .rangeReversed(StreamRangeArgs.startId(upper.toStream()).endId(lower.toStream()).count(count)));
            List<AuditEntry> entries = new ArrayList<>(page.size());
            page.forEach((id, fields) -> entries.add(entry(id, fields)));
            return entries;
        };
    }

    /** The force and activity streams of every shard. */
    private List<List<Object>> streams() {
        List<List<Object>> streams = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            streams.add(keys.audit(shard));
        }
        return streams;
    }

    /** Each shard's share of the activity capacity (rounded down: the trail never holds more in all). */
    private String shardCapacity() {
        return Integer.toString(Math.max(1, config.audit().activityCapacity() / SHARDS));
    }

    private String retentionMillis() {
        return Long.toString(config.audit().retention().toMillis());
    }

    private static AuditEntry stored(AuditEntry draft, List<?> reply, Map<String, String> details) {
        return new AuditEntry(reply.get(0).toString(), Instant.ofEpochMilli(Long.parseLong(reply.get(1).toString())),
                draft.action(), draft.actor(), draft.target(), draft.reason(), draft.outcome(), details);
    }

    private static List<String> fields(AuditEntry entry) {
        List<String> fields = new ArrayList<>(List.of("action", entry.action(), "target", entry.target(),
                "reason", orEmpty(entry.reason()), "outcome", entry.outcome(),
                "actor.userId", orEmpty(entry.actor().userId()), "actor.sessionId", orEmpty(entry.actor().sessionId()),
                "actor.ip", orEmpty(entry.actor().ip())));
        entry.details().forEach((name, value) -> {
            fields.add(DETAIL + name);
            fields.add(orEmpty(value));
        });
        return fields;
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
