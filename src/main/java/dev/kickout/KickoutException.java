package dev.kickout;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal that reaches the client as an {@code application/problem+json} body.
 *
 * <p>Each subclass stands for one row of the contract's error table: an HTTP status, a stable
 * UPPER_SNAKE {@code code}, a human {@code detail}, and sometimes extra members such as
 * {@code by}/{@code reason}/{@code at}. Services throw them; the REST edge and the token filter
 * turn them into responses in one place.
 */
public class KickoutException extends RuntimeException {

    private final int status;
    private final String code;
    private final Map<String, Object> extras = new LinkedHashMap<>();
    private Duration retryAfter;

    public KickoutException(int status, String code, String detail) {
        super(detail);
        this.status = status;
        this.code = code;
    }

    /** A refusal with one of the module's own codes (its status comes with it). */
    public KickoutException(ProblemCode code, String detail) {
        this(code.status(), code.name(), detail);
    }

    public KickoutException(ProblemCode code, String detail, Throwable cause) {
        this(code.status(), code.name(), detail, cause);
    }

    public KickoutException(int status, String code, String detail, Throwable cause) {
        super(detail, cause);
        this.status = status;
        this.code = code;
    }

    /** Adds a member to the problem body (kept in insertion order). */
    public final KickoutException with(String name, Object value) {
        extras.put(name, value);
        return this;
    }

    /** Sets the {@code Retry-After} header of the answer (otherwise 503s get {@code kickout.store.retry-after}). */
    public final KickoutException retryAfter(Duration wait) {
        this.retryAfter = wait;
        return this;
    }

    /** The {@code Retry-After} this refusal asks for, or null for the default. */
    public Duration retryAfter() {
        return retryAfter;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String detail() {
        return getMessage();
    }

    /** Members beyond type/title/status/code/detail. */
    public Map<String, Object> extras() {
        return Collections.unmodifiableMap(extras);
    }
}
