package dev.kickout.redis;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/**
 * 503 {@code STORE_UNAVAILABLE}: Redis cannot be reached or refuses to serve (a replica, loading,
 * busy, out of memory, ...), so nothing is treated as authenticated.
 */
public class StoreUnavailableException extends KickoutException {

    /** Refused without trying: the circuit breaker is open because Redis stopped answering. */
    public StoreUnavailableException() {
        super(ProblemCode.STORE_UNAVAILABLE, "The session store is unreachable; retry shortly");
    }

    /** Redis answered but refuses to serve for now, in the state named (e.g. {@code READONLY}). */
    public StoreUnavailableException(String state) {
        super(ProblemCode.STORE_UNAVAILABLE, "The session store cannot serve requests right now (" + state + "); retry shortly");
    }

    /**
     * A decision Redis made but fewer replicas than required acknowledged in time: it is in force
     * on the master and may be lost if the master fails now, so it is not confirmed. Retrying is safe.
     */
    static StoreUnavailableException unconfirmed(int acknowledged, int required) {
        return new StoreUnavailableException("The change was not confirmed by enough Redis replicas (" + acknowledged
                + " of " + required + ") in time; it may be in force already; retrying it is safe", null);
    }

    private StoreUnavailableException(String detail, Throwable cause) {
        super(ProblemCode.STORE_UNAVAILABLE, detail, cause);
    }

    public StoreUnavailableException(Throwable cause) {
        super(ProblemCode.STORE_UNAVAILABLE, "The session store is unreachable; retry shortly", cause);
    }
}
