package dev.kickout;

import java.util.Locale;
import java.util.function.Function;

/**
 * 400 {@code INVALID_REQUEST}: malformed JSON, a missing or oversized field, a bad resource type or id.
 *
 * @since 1.0
 */
public class InvalidRequestException extends KickoutException {

    public InvalidRequestException(String detail) {
        super(ProblemCode.INVALID_REQUEST, detail);
    }

    public InvalidRequestException(Function<Locale, String> detail) {
        super(ProblemCode.INVALID_REQUEST, detail);
    }
}
