package dev.kickout;

import dev.kickout.i18n.Text;

/** 400 {@code INVALID_REQUEST}: malformed JSON, a missing or oversized field, a bad resource type or id. */
public class InvalidRequestException extends KickoutException {

    public InvalidRequestException(String detail) {
        super(ProblemCode.INVALID_REQUEST, detail);
    }

    public InvalidRequestException(Text detail) {
        super(ProblemCode.INVALID_REQUEST, detail);
    }
}
