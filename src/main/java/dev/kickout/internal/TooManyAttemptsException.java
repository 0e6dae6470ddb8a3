package dev.kickout.internal;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;
import java.time.Duration;

/** 429 {@code TOO_MANY_ATTEMPTS}, with {@code Retry-After}: a throttled login, or a full stream cap. */
public class TooManyAttemptsException extends KickoutException {

    public TooManyAttemptsException(String detail, Duration retryAfter) {
        this(Text.literal(detail), retryAfter);
    }

    public TooManyAttemptsException(Text detail, Duration retryAfter) {
        super(ProblemCode.TOO_MANY_ATTEMPTS, detail);
        retryAfter(retryAfter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : retryAfter);
    }
}
