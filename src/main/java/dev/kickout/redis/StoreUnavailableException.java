package dev.kickout.redis;

import dev.kickout.KickoutException;

/** 503 {@code STORE_UNAVAILABLE}: Redis cannot be reached, so nothing is treated as authenticated. */
public class StoreUnavailableException extends KickoutException {

    /** Refused without trying: the circuit breaker is open because Redis stopped answering. */
    public StoreUnavailableException() {
        super(503, "STORE_UNAVAILABLE", "The session store is unreachable; retry shortly");
    }

    public StoreUnavailableException(Throwable cause) {
        super(503, "STORE_UNAVAILABLE", "The session store is unreachable; retry shortly", cause);
    }
}
