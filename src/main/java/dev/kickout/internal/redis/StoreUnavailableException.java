package dev.kickout.internal.redis;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/**
 * 503 {@code STORE_UNAVAILABLE}: Redis cannot be reached or refuses to serve (a replica, loading,
 * busy, out of memory, ...), so nothing is treated as authenticated.
 */
public class StoreUnavailableException extends KickoutException {

    /** Refused without trying: the circuit breaker is open because Redis stopped answering. */
    public StoreUnavailableException() {
        super(ProblemCode.STORE_UNAVAILABLE, Text.of("store.unreachable"));
    }

    /** Redis answered but refuses to serve for now, in the state named (e.g. {@code READONLY}). */
    public StoreUnavailableException(String state) {
        super(ProblemCode.STORE_UNAVAILABLE, Text.of("store.refusing", state));
    }

    /**
     * A decision Redis made but fewer replicas than required acknowledged in time: it is in force
     * on the master and may be lost if the master fails now, so it is not confirmed. Retrying is safe.
     */
    static StoreUnavailableException unconfirmed(int acknowledged, int required) {
        return new StoreUnavailableException(Text.of("store.unconfirmed", String.valueOf(acknowledged),
                String.valueOf(required)), null);
    }

    private StoreUnavailableException(Text detail, Throwable cause) {
        super(ProblemCode.STORE_UNAVAILABLE, detail, cause);
    }

    public StoreUnavailableException(Throwable cause) {
        super(ProblemCode.STORE_UNAVAILABLE, Text.of("store.unreachable"), cause);
    }
}
