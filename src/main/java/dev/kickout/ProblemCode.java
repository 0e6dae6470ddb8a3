package dev.kickout;

/**
 * Every {@code code} a Kickout problem body can carry, with its HTTP status: the stable machine key of
 * the contract's error table (never translated, never renamed). The OpenAPI document lists these as the
 * problem schema's enum, and metrics count by them.
 *
 * @since 1.0
 */
public enum ProblemCode {
    INVALID_REQUEST(400),
    /** A lock type that is not declared (kickout.lock.types, @RequiresEditLock). */
    LOCK_TYPE_UNKNOWN(400),
    TOKEN_MISSING(401),
    TOKEN_INVALID(401),
    TOKEN_EXPIRED(401),
    KICKED(401),
    REPLACED(401),
    LOGGED_OUT(401),
    BAD_CREDENTIALS(401),
    /** Cookie mode: the request carries the session cookie twice (one may be planted), so neither counts. */
    DUPLICATE_COOKIE(401),
    FORBIDDEN(403),
    /** Cookie mode: an unsafe method without the matching CSRF header. */
    CSRF_REJECTED(403),
    /** The host's lock policy refuses this caller the record's edit lock. */
    LOCK_FORBIDDEN(403),
    /**
     * A sign-in of a user an administrator banned; {@code until} says when the ban ends.
     *
     * @since 1.1
     */
    ACCOUNT_SUSPENDED(403),
    NOT_FOUND(404),
    NOT_LOCKED(404),
    SESSION_LIMIT(409),
    LOCK_LOST(409),
    /** The session or the user holds as many edit locks as it may. */
    LOCK_LIMIT(409),
    VERSION_CONFLICT(409),
    /** A record's queue, or the user's queues, are full; {@code scope} says which (RECORD, USER). */
    QUEUE_FULL(409),
    /** The caller's session holds the lock it asked to wait for. */
    ALREADY_HOLDER(409),
    /** A hand-over is asked only by a session waiting in the record's queue. */
    NOT_WAITING(409),
    LOCK_HELD(423),
    TOO_MANY_ATTEMPTS(429),
    /** A bug: the body names an incident id that the server log has with the cause. */
    INTERNAL_ERROR(500),
    STORE_UNAVAILABLE(503);

    private final int status;

    ProblemCode(int status) {
        this.status = status;
    }

    /** The HTTP status this code always comes with. */
    public int status() {
        return status;
    }
}
