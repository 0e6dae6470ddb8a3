package dev.kickout;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A refusal that reaches the client as an {@code application/problem+json} body.
 *
 * <p>Each subclass stands for one row of the contract's error table: an HTTP status, a stable
 * UPPER_SNAKE {@code code}, a human {@code detail}, and sometimes extra members such as
 * {@code by}/{@code reason}/{@code at}. Services throw them; the REST edge and the token filter
 * turn them into responses in one place. The module's own details are translated, answered in the
 * request's language ({@link #detail(Locale)}); the exception message is the English one, for logs.
 *
 * @since 1.0
 */
public class KickoutException extends RuntimeException {

    private final int status;
    private final String code;
    private final transient Function<Locale, String> detail;
    private final Map<String, Object> extras = new LinkedHashMap<>();
    private Duration retryAfter;

    /** A refusal whose detail reads the same in every language. */
    public KickoutException(int status, String code, String detail) {
        this(status, code, language -> detail);
    }

    /** A refusal with one of the module's own codes (its status comes with it). */
    public KickoutException(ProblemCode code, String detail) {
        this(code.status(), code.name(), detail);
    }

    public KickoutException(ProblemCode code, String detail, Throwable cause) {
        this(code.status(), code.name(), detail, cause);
    }

    /** A refusal with one of the module's own codes and a translated detail. */
    public KickoutException(ProblemCode code, Function<Locale, String> detail) {
        this(code.status(), code.name(), detail);
    }

    public KickoutException(ProblemCode code, Function<Locale, String> detail, Throwable cause) {
        this(code.status(), code.name(), detail, cause);
    }

    public KickoutException(int status, String code, String detail, Throwable cause) {
        this(status, code, language -> detail, cause);
    }

    /** A refusal whose detail is translated ({@code dev/kickout/messages*.properties}). */
    public KickoutException(int status, String code, Function<Locale, String> detail) {
        super(detail.apply(Locale.ENGLISH));
        this.status = status;
        this.code = code;
        this.detail = detail;
    }

    public KickoutException(int status, String code, Function<Locale, String> detail, Throwable cause) {
        super(detail.apply(Locale.ENGLISH), cause);
        this.status = status;
        this.code = code;
        this.detail = detail;
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

    /** The English detail. */
    public String detail() {
        return getMessage();
    }

    /** The detail in {@code language} (English when the module has no such translation). */
    public String detail(Locale language) {
        return detail.apply(language);
    }

    /** Members beyond type/title/status/code/detail. */
    public Map<String, Object> extras() {
        return Collections.unmodifiableMap(extras);
    }
}
