package dev.kickout.internal.redis;

import dev.kickout.internal.config.KickoutConfig;
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
 * P:layout                string  the version of this layout ({@link LayoutMark}), written once
 * P:{U}:u                 string  the user's record (MessagePack, user-lib.lua): the user's name and each
 *                                 live session (at most kickout.login.max-sessions-per-user) with its
 *                                 token hash; expires one TTL after the last live session's cap
 * P:{U}:h                 hash    dead sessions: x:&lt;sessionId&gt; → tombstone, t:&lt;token hash&gt; → sessionId,
 *                                 p:&lt;sessionId&gt; → token hash; forgotten together with the tombstone
 * P:{U}:x                 zset    tombstoned sessionIds by the time they are forgotten (one TTL after
 *                                 the session's cap; at most kickout.login.max-tombstones-per-user)
 * P:{N}:idx:users         zset    user tags of listing shard N by the last known expiry of their latest
 *                                 session (admin listings of users and of sessions; a user is in the
 *                                 shard of its tag, see below)
 * P:{N}:idx:user-counts   hash    user tag → "version type=count ..." (its live sessions by device type),
 *                                 # → sessions of shard N, #&lt;D&gt; → sessions of device type D (index-user.lua)
 * P:{login:L}:f           string  failed logins of username L (L: SHA-256 of the name in lower case) from
 *                                 clients without a device cookie of L, over all addresses, in the window
 * P:{login:L}:a:&lt;hash&gt;    string  the same from one client address (SHA-256)
 * P:{login:L}:d           zset    known devices of L: SHA-256 of the device cookie (never the cookie) →
 *                                 until when (ms; device-lifetime after its last sign-in), at most
 *                                 kickout.login.throttle.devices-per-user
 * P:{login:L}:df:&lt;hash&gt;   string  failed logins with that device cookie in the window
 * P:login:a:&lt;hash&gt;        string  failed logins from one client address (SHA-256) in the window, every username
 * P:{A}:audit:force       stream  audit entries of force actions of audit shard A, trimmed by age only
 * P:{A}:audit:activity    stream  every other audit entry of shard A, trimmed by age and by count
 *                                 (kickout.audit.activity-capacity shared out over the shards)
 * P:{A}:audit:seq         hash    last audit id shard A handed out (one sequence over both its
 *                                 streams; ids carry the shard, so they are unique over all shards)
 * P:{A}:audit:c:&lt;X&gt;:&lt;U&gt;  hash    collapsed audit action X of caller U in the current window (in
 *                                 the shard of U)
 * P:{U}:lh:&lt;sessionId&gt;    zset    the locks a session holds (type/id) and claims in flight (type/id#attempt),
 *                                 by until when they count (ms): the per-session cap (lock-claim.lua);
 *                                 expires with its last entry
 * P:{U}:lh                zset    the same over all the user's sessions (sessionId type/id[#attempt]):
 *                                 the per-user cap
 * P:{lock:T:I}:h          hash    the edit lock of resource type T, id I (expires with the lock;
 *                                 RELEASING after a force release: expires after the grace)
 * P:{lock:T:I}:fence      string  last fence of the resource (expires one lock TTL after the lock;
 *                                 then Redis's clock in µs is the floor of the next fence)
 * P:{lock:T:I}:dead       hash    token hash → why that lock token died (expires one lock TTL after
 *                                 the last death)
 * P:{N}:idx:locks         zset    type/id of the locks of shard N by expiry in ms (admin listing;
 *                                 removed on release, entries of expired locks pruned by sweeper
 *                                 and listing; a lock is in the shard of its {lock:T:I} tag)
 * P:{cleanup}:lease       string  id of the instance sweeping now (renewed and deleted by it only)
 * P:{cleanup}:cursor      string  SCAN cursor of the sweeper's walk over lock keys, between ticks
 * P:{o&lt;n&gt;}:sweep-cursor  string  the same per master on a Redis Cluster (o&lt;n&gt;: a slot of that master)
 * P:{U}:e:&lt;sessionId&gt;     stream  the session's recent events, for Last-Event-ID replay
 * P:{U}:k:&lt;ticket hash&gt;   string  sessionId an event-stream ticket opens (single use, short-lived)
 * P:{U}:b:&lt;name&gt;          string  the token of the Kickout session opened for a distributable HttpSession of
 *                                 the user, sealed with a key derived from the HttpSession's id, under a name
 *                                 derived from it too (HttpSession mode, BindingSeal); read by an instance whose
 *                                 copy of the HttpSession lags; deleted when the HttpSession ends, expires
 *                                 at the session's maximum lifetime
 * P:{lock:T:I}:waiters    zset    sessions refused the lock, by when (told LOCK_AVAILABLE; expires
 *                                 one lock TTL after the last refusal)
 * P:{lock:T:I}:h          hash    also, between holdings: RESERVED for the first in the queue (expires
 *                                 with the reservation)
 * P:{lock:T:I}:q          zset    the record's queue: sessionId by when it joined (ms)
 * P:{lock:T:I}:p          zset    the pages that show the record: sessionId by when last seen (ms)
 * P:{lock:T:I}:n          hash    sessionId → {userId, username, since} of those pages and waiters
 * P:{lock:T:I}:r          hash    requester sessionId → its hand-over request (JSON); these four
 *                                 expire one presence window after the last write
 * P:{N}:idx:queues        zset    type/id of the records of shard N with a queue, a reservation or a
 *                                 hand-over request, by when the lock watch looks at them next (ms)
 * P:{U}:q                 zset    the queues the user waits in ("type/id sessionId"), by when last
 *                                 renewed (ms): the per-user queue cap
 * P:push                  channel wakes every instance for an event (pub/sub; single server, Sentinel)
 * P:near-cache            channel the near caches' invalidations ("u U": forget user U's sessions) and
 *                                 heartbeats ("h I N": instance I's N-th), classic pub/sub everywhere
 * P:{K}:push              channel the same on Redis Cluster, sharded pub/sub: one channel per push
 *                                 shard K, an event goes to the shard of its session's user
 * P:{O}:ob                hash    outbox shard of one Redis Cluster slot: entry id → an undelivered
 *                                 decision (kick, replacement, force release) with what its follow-ups
 *                                 need; O is the tag {@link HashSlots#tag} gives that slot, so a script
 *                                 of a user or a lock writes it in its own slot (expires max age after
 *                                 the last write)
 * P:{O}:ob-due            zset    entry id → when a drainer may deliver it (Redis's clock, ms)
 * P:{U}:ban               string  the user's ban (JSON: userId, until, reason, by, at), read by every login of the
 *                                 user (login.lua); expires when the ban ends
 * P:{N}:idx:bans          zset    user tags of listing shard N by when their ban ends (ms), for the admin listing
 * P:{N}:idx:ban-records   hash    user tag → its ban (JSON), the listing's copy of the user's ban key
 * P:{A}:audit:delivered   zset    outbox delivery key → when its audit entry was appended (dedup; in
 *                                 the shard the delivery key picks, with the streams it appends to)
 * </pre>
 * No global key sits in one hot slot: {@code N}, {@code A} and {@code K} are the tags
 * {@link HashSlots#shardTag} gives shard n of {@link #INDEX_SHARDS}, {@link #AUDIT_SHARDS} or
 * {@link #PUSH_SHARDS}, the first slot of the n-th of that many equal ranges of the slot space, so on
 * a cluster with evenly split slots every master holds a share of each; a user or a lock belongs
 * to the shard whose range holds its own slot ({@link HashSlots#shard}). Listings merge the
 * shards ({@link ShardedRange}); the audit reader merges its streams by id.
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
    /**
     * One digest per thread, not a provider lookup per hash: every guarded request hashes its token. Holds
     * a JDK object only, so a thread of the server keeps nothing of an undeployed WAR.
     */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(RedisKeys::newSha256);

    /** Shards of each admin listing index (sessions, users, device types, locks). */
    public static final int INDEX_SHARDS = 16;
    /** Shards of the audit trail (streams, sequence, collapse and delivery keys). */
    public static final int AUDIT_SHARDS = 8;
    /** Channels of cross-instance push on Redis Cluster (sharded pub/sub). */
    public static final int PUSH_SHARDS = 8;

    private String prefix;

    @Inject
    RedisKeys(KickoutConfig config) {
        this.prefix = config.keyPrefix();
    }

    /** For CDI proxies only. */
    protected RedisKeys() {
    }

    private RedisKeys(String prefix) {
        this.prefix = prefix;
    }

    /** The keys of a deployment with key prefix {@code prefix}, for tests and tools that read them. */
    public static RedisKeys withPrefix(String prefix) {
        return new RedisKeys(prefix);
    }

    /** Stable, key-safe tag of a user id. */
    public static String userTag(String userId) {
        return base64Url(sha256(userId)).substring(0, USER_TAG_LENGTH);
    }

    /** SHA-256 of a secret (token, ticket), as used in keys and values instead of the secret. */
    public static String secretHash(String secret) {
        return base64Url(sha256(secret));
    }

    public String userRecord(String userTag) {
        return user(userTag) + ":u";
    }

    /** The mark of the stored layout's version (layout-mark.lua). */
    public String layout() {
        return prefix + ":layout";
    }

    /** The user's dead sessions. */
    public String userHash(String userTag) {
        return user(userTag) + ":h";
    }

    public String userTombstones(String userTag) {
        return user(userTag) + ":x";
    }

    /** The listing shard of a user and of its sessions. */
    public static int indexShardOfUser(String userTag) {
        return HashSlots.shard(userTag, INDEX_SHARDS);
    }

    /** The listing shard of one resource's lock. */
    public static int indexShardOfLock(String type, String id) {
        return HashSlots.shard("lock:" + type + ":" + id, INDEX_SHARDS);
    }

    /** Session counts of the users of one listing shard, and their sums (see index-user.lua). */
    public String userCounts(int shard) {
        return index(shard) + ":user-counts";
    }

    /**
     * The throttle keys of one username (compared ignoring case): failures over all addresses, from
     * one address, and the known devices with their own failures, all in one slot, so that one
     * script reserves an attempt on them atomically.
     */
    public String loginFailuresOfUser(String username) {
        return loginUser(username) + ":f";
    }

    public String loginFailuresOfUserAtAddress(String username, String address) {
        return loginUser(username) + ":a:" + secretHash(address);
    }

    /** The username's known devices, by the hashes of their device cookies. */
    public String knownDevices(String username) {
        return loginUser(username) + ":d";
    }

    public String loginFailuresOfDevice(String username, String deviceCookie) {
        return loginUser(username) + ":df:" + secretHash(deviceCookie);
    }

    private String loginUser(String username) {
        return prefix + ":{login:" + secretHash(username.toLowerCase(Locale.ROOT)) + "}";
    }

    /** Failed logins from one client address, by its hash. */
    public String loginFailuresOfAddress(String address) {
        return prefix + ":login:a:" + secretHash(address);
    }

    public String usersIndex(int shard) {
        return index(shard) + ":users";
    }

    /** The audit shard of entries about {@code subject} (a caller, a delivery key, a target). */
    public static int auditShard(String subject) {
        return HashSlots.shard(subject, AUDIT_SHARDS);
    }

    /** The keys of the audit scripts in one audit shard: force stream, activity stream, id sequence. */
    public List<Object> audit(int shard) {
        String base = auditBase(shard);
        return List.of(base + ":force", base + ":activity", base + ":seq");
    }

    /** Collapse state of one action (an UPPER_SNAKE word) of one caller, in that caller's audit shard. */
    public String auditCollapse(String action, String userTag) {
        return auditBase(auditShard(userTag)) + ":c:" + action + ":" + userTag;
    }


    /** The keys of the lock holdings scripts: the session's holdings, the user's holdings. */
    public List<Object> lockHoldings(String userTag, String sessionId) {
        return List.of(user(userTag) + ":lh:" + sessionId, user(userTag) + ":lh");
    }

    /** The keys of one resource's lock script: lock hash, fence counter, dead tokens. */
    public List<Object> lock(String type, String id) {
        String base = prefix + ":{lock:" + type + ":" + id + "}";
        return List.of(base + ":h", base + ":fence", base + ":dead");
    }

    /** A record's room, in the lock's slot: its queue, the pages present, their names, the hand-over requests. */
    public List<Object> lockRoom(String type, String id) {
        String base = prefix + ":{lock:" + type + ":" + id + "}";
        return List.of(base + ":q", base + ":p", base + ":n", base + ":r");
    }

    /** The records of index shard {@code shard} whose queue the lock watch looks after. */
    public String lockQueues(int shard) {
        return index(shard) + ":queues";
    }

    /** The queues a user waits in (the per-user cap). */
    public String userQueues(String userTag) {
        return user(userTag) + ":q";
    }

    public String locksIndex(int shard) {
        return index(shard) + ":locks";
    }

    /** A digest of each indexed lock's holding (token hash and session) in one shard of the admin index (same slot). */
    public String locksIndexHolders(int shard) {
        return index(shard) + ":lock-holders";
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

    /** The near caches' invalidation channel (classic pub/sub everywhere, Redis Cluster too). */
    public String nearCacheChannel() {
        return prefix + ":near-cache";
    }

    /** An instance's last near-cache heartbeat: the write that proves Redis takes writes before a beat goes out. */
    public String nearCacheBeat(String instance) {
        return prefix + ":near-cache:beat:" + instance;
    }

    /** The one push channel of classic pub/sub (single server, Sentinel). */
    public String pushChannel() {
        return prefix + ":push";
    }

    /** The push shard of a user's events (sharded pub/sub on Redis Cluster). */
    public static int pushShardOfUser(String userTag) {
        return HashSlots.shard(userTag, PUSH_SHARDS);
    }

    /** Channel of one push shard (sharded pub/sub on Redis Cluster). */
    public String pushChannel(int shard) {
        return prefix + ":{" + HashSlots.shardTag(shard, PUSH_SHARDS) + "}:push";
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

    /** Outbox delivery keys whose audit entry was appended in one audit shard, so a repeated delivery appends none. */
    public String auditDeliveries(int shard) {
        return auditBase(shard) + ":delivered";
    }

    public String prefix() {
        return prefix;
    }

    private String index(int shard) {
        return prefix + ":{" + HashSlots.shardTag(shard, INDEX_SHARDS) + "}:idx";
    }

    private String auditBase(int shard) {
        return prefix + ":{" + HashSlots.shardTag(shard, AUDIT_SHARDS) + "}:audit";
    }

    /** The user's ban, in the user's slot (read by the login script). */
    public String userBan(String userTag) {
        return user(userTag) + ":ban";
    }

    /** The bans listing of one index shard: user tags by end, and their bans. */
    public List<Object> bansIndex(int shard) {
        return List.of(index(shard) + ":bans", index(shard) + ":ban-records");
    }

    /** The sealed binding of a distributable HttpSession of the user, by its name ({@code BindingSeal}). */
    public String httpSessionBinding(String userTag, String name) {
        return user(userTag) + ":b:" + name;
    }

    private String user(String userTag) {
        return prefix + ":{" + userTag + "}";
    }

    /** SHA-256 of a value's UTF-8 bytes. */
    public static byte[] sha256(String value) {
        // digest() resets it for the thread's next call
        return SHA_256.get().digest(value.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
