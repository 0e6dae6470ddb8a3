package dev.kickout.redis;

import dev.kickout.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * Builds every Redis key of the module, and nothing else does.
 *
 * <p>Layout ({@code P} = {@code kickout.key-prefix}, {@code U} = {@link #userTag} of a user):
 * <pre>
 * P:{U}:h                 hash    u → user; per session: s:&lt;sessionId&gt; → record (live) or
 *                                 x:&lt;sessionId&gt; → tombstone (dead), t:&lt;token hash&gt; → sessionId,
 *                                 p:&lt;sessionId&gt; → token hash; forgotten together with the tombstone
 * P:{U}:i                 zset    live sessionIds by expiry (at most kickout.login.max-sessions-per-user)
 * P:{U}:x                 zset    tombstoned sessionIds by the time they are forgotten (one TTL after
 *                                 the session's cap; at most kickout.login.max-tombstones-per-user)
 * P:{U}:t:&lt;token hash&gt;   string  legacy token pointer (before pointers moved into P:{U}:h); only read,
 *                                 never written, so that older tokens survive an upgrade; expires alone
 * P:{idx}:sessions        zset    every sessionId by its last known expiry (admin listing)
 * P:{idx}:users           zset    every user tag by its last known expiry (admin listing)
 * P:{idx}:device:&lt;D&gt;      zset    sessionIds of device type D by last known expiry (admin listing)
 * P:{idx}:session-types   hash    sessionId → device type, for each entry of P:{idx}:sessions
 * P:login:u:&lt;hash&gt;        string  failed logins of one username (SHA-256) in the throttle window
 * P:login:a:&lt;hash&gt;        string  failed logins from one client address (SHA-256) in the window
 * P:{audit}:force         stream  audit entries of force actions, trimmed by age only
 * P:{audit}:activity      stream  every other audit entry, trimmed by age and count
 * P:{audit}:seq           hash    last audit id handed out (one sequence over both streams)
 * P:{audit}:c:&lt;A&gt;:&lt;U&gt;      hash    collapsed audit action A of user U in the current window
 * P:{U}:l:&lt;sessionId&gt;     set     type/id of the locks a session holds (released with it; an entry
 *                                 leaves on release, or at the latest when the set expires)
 * P:{lock:T:I}:h          hash    the edit lock of resource type T, id I (expires with the lock;
 *                                 RELEASING after a force release: expires after the grace)
 * P:{lock:T:I}:fence      string  last fence of the resource (expires one lock TTL after the lock;
 *                                 then Redis's clock in µs is the floor of the next fence)
 * P:{lock:T:I}:dead       hash    token hash → why that lock token died (expires one lock TTL after
 *                                 the last death)
 * P:{idx}:locks           zset    type/id of every lock by its expiry in ms (admin listing; removed
 *                                 on release, entries of expired locks pruned by sweeper and listing)
 * P:{cleanup}:lease       string  id of the instance sweeping now (renewed and deleted by it only)
 * P:{cleanup}:cursor      string  SCAN cursor of the sweeper's walk over lock keys, between ticks
 * P:{o&lt;n&gt;}:sweep-cursor  string  the same per master on a Redis Cluster (o&lt;n&gt;: a slot of that master)
 * P:{U}:e:&lt;sessionId&gt;     stream  the session's recent events, for Last-Event-ID replay
 * P:{U}:k:&lt;ticket hash&gt;   string  sessionId an event-stream ticket opens (single use, short-lived)
 * P:{lock:T:I}:waiters    zset    sessions refused the lock, by when (told LOCK_AVAILABLE; expires
 *                                 one lock TTL after the last refusal)
 * P:push                  channel wakes every instance for an event (pub/sub)
 * P:{O}:ob                hash    outbox shard of one Redis Cluster slot: entry id → an undelivered
 *                                 decision (kick, replacement, force release) with what its follow-ups
 *                                 need; O is the tag {@link HashSlots#tag} gives that slot, so a script
 *                                 of a user or a lock writes it in its own slot (expires max age after
 *                                 the last write)
 * P:{O}:ob-due            zset    entry id → when a drainer may deliver it (Redis's clock, ms)
 * P:{audit}:delivered     zset    outbox delivery key → when its audit entry was appended (dedup)
 * </pre>
 * Everything of one user shares the hash tag {@code {U}}, so each per-user script runs in one
 * Redis Cluster slot, and everything of one lock shares {@code {lock:T:I}}. {@code U} is a hash of
 * the user id, {@code T} and {@code I} pass {@code ResourceRef}'s patterns, {@code D} passes
 * {@code Checks.LABEL}, usernames and addresses are hashed: no unchecked input ever
 * becomes part of a key.
 */
@ApplicationScoped
public class RedisKeys {

    /** Length of a user tag: 22 base64url characters, 132 bits of SHA-256. */
    public static final int USER_TAG_LENGTH = 22;

    private String prefix;

    @Inject
    RedisKeys(KickoutConfig config) {
        this.prefix = config.keyPrefix();
    }

    /** For CDI proxies only. */
    protected RedisKeys() {
    }

    /** Stable, key-safe tag of a user id. */
    public static String userTag(String userId) {
        return base64Url(sha256(userId)).substring(0, USER_TAG_LENGTH);
    }

    /** SHA-256 of a secret (token, ticket), as used in keys and values instead of the secret. */
    public static String secretHash(String secret) {
        return base64Url(sha256(secret));
    }

    public String userHash(String userTag) {
        return user(userTag) + ":h";
    }

    public String userIndex(String userTag) {
        return user(userTag) + ":i";
    }

    public String userTombstones(String userTag) {
        return user(userTag) + ":x";
    }

    /** Pointer key of a token issued before token pointers moved into the user hash (read only). */
    public String legacyTokenPointer(String userTag, String tokenHash) {
        return user(userTag) + ":t:" + tokenHash;
    }

    /** Sessions of one device type, for the admin listing ({@code deviceType} must pass {@code Checks.LABEL}). */
    public String deviceTypeIndex(String deviceType) {
        return prefix + ":{idx}:device:" + deviceType;
    }

    /** Device type of each session in {@link #sessionsIndex}, to take it out of its device type index too. */
    public String sessionDeviceTypes() {
        return prefix + ":{idx}:session-types";
    }

    /** Failed logins of one username (compared ignoring case), by its hash. */
    public String loginFailuresOfUser(String username) {
        return prefix + ":login:u:" + secretHash(username.toLowerCase(Locale.ROOT));
    }

    /** Failed logins from one client address, by its hash. */
    public String loginFailuresOfAddress(String address) {
        return prefix + ":login:a:" + secretHash(address);
    }

    public String sessionsIndex() {
        return prefix + ":{idx}:sessions";
    }

    public String usersIndex() {
        return prefix + ":{idx}:users";
    }

    /** The keys of the audit scripts: force stream, activity stream, id sequence. */
    public List<Object> audit() {
        String base = prefix + ":{audit}";
        return List.of(base + ":force", base + ":activity", base + ":seq");
    }

    /** Collapse state of one action (an UPPER_SNAKE word) of one user, in the audit slot. */
    public String auditCollapse(String action, String userTag) {
        return prefix + ":{audit}:c:" + action + ":" + userTag;
    }

    public String sessionLocks(String userTag, String sessionId) {
        return user(userTag) + ":l:" + sessionId;
    }

    /** The keys of one resource's lock script: lock hash, fence counter, dead tokens. */
    public List<Object> lock(String type, String id) {
        String base = prefix + ":{lock:" + type + ":" + id + "}";
        return List.of(base + ":h", base + ":fence", base + ":dead");
    }

    public String locksIndex() {
        return prefix + ":{idx}:locks";
    }

    /** Events of a session (a session id starts with its user's tag). */
    public String sessionEvents(String sessionId) {
        return user(sessionId.substring(0, USER_TAG_LENGTH)) + ":e:" + sessionId;
    }

    public String streamTicket(String userTag, String ticketHash) {
        return user(userTag) + ":k:" + ticketHash;
    }

    public String lockWaiters(String type, String id) {
        return prefix + ":{lock:" + type + ":" + id + "}:waiters";
    }

    public String pushChannel() {
        return prefix + ":push";
    }

    /** Lease that lets one app-server instance sweep at a time. */
    public String sweepLease() {
        return prefix + ":{cleanup}:lease";
    }

    /** Where the sweeper's SCAN over lock keys goes on at its next tick (same slot as the lease). */
    public String sweepCursor() {
        return prefix + ":{cleanup}:cursor";
    }

    /** The cursor of the sweeper's walk over one master's keys on a Redis Cluster (tag of a slot of that master). */
    public String sweepCursor(String slotTag) {
        return prefix + ":{" + slotTag + "}:sweep-cursor";
    }

    /** The outbox shard (entries, due index) in the slot of the user with {@code userTag}. */
    public List<Object> userOutbox(String userTag) {
        return outboxShard(HashSlots.slot(userTag));
    }

    /** The outbox shard (entries, due index) in the slot of one resource's lock. */
    public List<Object> lockOutbox(String type, String id) {
        return outboxShard(HashSlots.slot("lock:" + type + ":" + id));
    }

    /** The outbox shard (entries, due index) of one Redis Cluster slot (0 to 16383). */
    public List<Object> outboxShard(int slot) {
        String base = prefix + ":{" + HashSlots.tag(slot) + "}";
        return List.of(base + ":ob", base + ":ob-due");
    }

    /** Outbox delivery keys whose audit entry was appended, so a repeated delivery appends none. */
    public String auditDeliveries() {
        return prefix + ":{audit}:delivered";
    }

    public String prefix() {
        return prefix;
    }

    private String user(String userTag) {
        return prefix + ":{" + userTag + "}";
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
