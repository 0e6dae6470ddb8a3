package dev.kickout.internal;

/**
 * The stable id that leads every message the module logs, in the manner of WildFly's {@code WFLYRS0018:}:
 * <pre>{@code
 * LOG.warning(() -> LogId.REDIS_BREAKER_OPEN.message("Redis unreachable " + threshold + " times in a row"));
 * // KICKOUT-1001: Redis unreachable 3 times in a row
 * }</pre>
 * Operators grep and alert on the id, so it never changes when the wording does, and a retired
 * number is never given to another message. Thousands by feature: 1 redis, 2 session, 3 lock,
 * 4 push, 5 audit, 6 cleanup, 7 outbox, 8 the rest (REST edge, metrics, health, start-up). The
 * log ids reference (docs/reference/log-ids.md) says what each means and what to do. The audit trail's per-entry
 * lines ({@code kickout audit id=...}) carry none: hosts parse that documented format.
 */
public enum LogId {

    /** Redis failed {@code kickout.redis.breaker.failures} times in a row: the breaker opens, 503 at once. */
    REDIS_BREAKER_OPEN(1001),
    /** A probe of the open breaker reached Redis again: the breaker closes. */
    REDIS_BREAKER_CLOSED(1002),
    /** One probe of the open breaker failed (FINE: the breaker stays open). */
    REDIS_PROBE_FAILED(1003),
    /** Redis refuses calls (READONLY, MASTERDOWN, BUSY, OOM, UNCONFIRMED, ...): once per episode. */
    REDIS_REFUSING(1004),
    /** A refusal episode ended: Redis serves again. */
    REDIS_SERVES_AGAIN(1005),
    /** The module uses the application's {@code @ForKickout} RedissonClient, not its own. */
    REDIS_HOST_CLIENT(1006),
    /** The application's RedissonClient caches scripts: NOSCRIPT after a SCRIPT FLUSH, restart or failover. */
    REDIS_HOST_SCRIPT_CACHE(1007),
    /** At start: how many replica acknowledgements confirm a decision. */
    REDIS_REPLICA_ACKS(1008),
    /** The key prefix holds a stored layout of another version than this module reads (SEVERE). */
    REDIS_LAYOUT_MISMATCH(1009),
    /** At start Redis could not be reached to check the stored layout's version; the sweeper checks it later. */
    REDIS_LAYOUT_UNCHECKED(1010),
    /** At undeploy, what Redis calls left on the server's threads could not be cut loose (FINE): the server keeps a copy of the application. */
    REDIS_THREAD_STATE_KEPT(1011),

    /** The sessions-online gauge was not refreshed: Redis unavailable (FINE). */
    SESSIONS_NOT_COUNTED(2001),
    /** The near cache cannot subscribe to its invalidation channel; token checks go to Redis meanwhile. */
    NEAR_CACHE_UNSUBSCRIBED(2002),
    /** A near-cache heartbeat was not published (FINE): unheard, the fence lapses and checks go to Redis. */
    NEAR_CACHE_HEARTBEAT_NOT_SENT(2003),
    /** The batched sliding-expiry writes of the near cache failed (FINE). */
    NEAR_CACHE_TOUCHES_NOT_WRITTEN(2004),
    /** In HttpSession mode, the end of an HttpSession (logout, invalidate, timeout) could not end its Kickout session. */
    HTTP_SESSION_END_NOT_RECORDED(2005),
    /** In HttpSession mode, the sealed binding of an ended distributable HttpSession was not deleted (FINE): it expires. */
    HTTP_SESSION_BINDING_NOT_FORGOTTEN(2006),
    /** In HttpSession mode under store-down ALLOW, Redis cannot serve: signed-in HttpSessions are served unchecked. */
    HTTP_SESSION_UNCHECKED(2007),
    /** In HttpSession mode under store-down ALLOW, Redis serves again: HttpSessions are checked again. */
    HTTP_SESSION_CHECKED_AGAIN(2008),

    /** A guarded save committed but its edit lock could not be released; it expires by itself. */
    LOCK_NOT_RELEASED_AFTER_SAVE(3001),
    /** At start: kickout.lock.types is empty, so any session may lock any type (and which types @RequiresEditLock names). */
    LOCK_TYPES_OPEN(3002),
    /** At start: the declared lock types. */
    LOCK_TYPES_DECLARED(3003),
    /** The lock watch could not look after the locks and queues due this tick; it tries again at the next. */
    LOCK_WATCH_FAILED(3004),
    /** An event about a record's lock, queue or hand-over could not be sent to a session's pages. */
    LOCK_NOTICE_NOT_SENT(3005),
    /** A step of the lock watch failed for another reason than Redis (a bug): the lock then expires by its TTL. */
    LOCK_WATCH_ERROR(3006),

    /** The cross-instance event bridge cannot subscribe to Redis yet; it retries every 5 s. */
    PUSH_SUBSCRIBE_RETRY(4001),
    /** A SESSION_EXPIRED event could not be sent to a session's streams. */
    PUSH_SESSION_EXPIRED_NOT_SENT(4002),
    /** The periodic check of open streams' sessions could not reach Redis (FINE). */
    PUSH_RECHECK_FAILED(4004),

    /** The audit sink's table could not be created yet; retried on the next entry. */
    AUDIT_TABLE_NOT_CREATED(5001),
    /** The audit sink could not be read; the audit query answers from Redis. */
    AUDIT_SINK_UNREADABLE(5002),
    /** An audit entry could not be copied to the sink; Redis has it. */
    AUDIT_SINK_MISSED(5003),

    /** A sweep ran: what it removed and how long it took. */
    SWEEP_DONE(6001),
    /** A sweep was skipped: Redis unreachable or refusing (FINE). */
    SWEEP_SKIPPED(6002),

    /** One follow-up of a decision failed; the outbox entry stays and a drainer delivers it again. */
    OUTBOX_FOLLOW_UP_FAILED(7001),
    /** The deciding instance did not finish a decision's follow-ups; a drainer delivers them. */
    OUTBOX_LEFT_TO_DRAINER(7002),
    /** A test deployment's decision fault is on: no follow-ups, no draining (tests only). */
    OUTBOX_FAULT_INJECTION_ON(7003),
    /** An outbox drain tick was skipped: Redis unreachable (FINE). */
    OUTBOX_DRAIN_SKIPPED(7004),
    /** An outbox drain tick failed unexpectedly; the next tick tries again. */
    OUTBOX_DRAIN_FAILED(7005),
    /** One drain tick's figures: shards, entries delivered, time (FINE). */
    OUTBOX_TICK(7006),
    /** An outbox entry stayed undelivered longer than {@code kickout.outbox.max-age} and was dropped. */
    OUTBOX_ENTRY_DROPPED(7007),
    /** An outbox entry has a kind this version cannot deliver; it stays until {@code kickout.outbox.max-age}. */
    OUTBOX_UNKNOWN_KIND(7008),
    /** A drainer delivered an entry its deciding instance left undone. */
    OUTBOX_DELIVERED_BY_DRAINER(7009),
    /** Acknowledgements of delivered entries did not reach Redis; drainers deliver those entries again (FINE). */
    OUTBOX_ACK_FAILED(7010),

    /** A request failed unexpectedly (500 INTERNAL_ERROR); the message names the incident id the client got. */
    REQUEST_FAILED(8001),
    /** At start: where the module's metrics go. */
    METRICS_TARGET(8002);

    private final int number;
    private final String id;

    LogId(int number) {
        this.number = number;
        this.id = String.format("KICKOUT-%04d", number);
    }

    public int number() {
        return number;
    }

    /** {@code text} led by this id: {@code KICKOUT-1001: text}. */
    public String message(String text) {
        return this + ": " + text;
    }

    /** The id as logged: {@code KICKOUT-} and four digits. */
    @Override
    public String toString() {
        return id;
    }
}
