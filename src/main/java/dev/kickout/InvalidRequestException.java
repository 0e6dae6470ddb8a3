package dev.kickout;

import dev.kickout.i18n.Text;

/** 400 {@code INVALID_REQUEST}: malformed JSON, a missing or oversized field, a bad resource type or id. */
public class InvalidRequestException extends KickoutException {

    public InvalidRequestException(String detail) {
        super(400, "INVALID_REQUEST", detail);
    }

    public InvalidRequestException(Text detail) {
        super(400, "INVALID_REQUEST", detail);
    }
}
