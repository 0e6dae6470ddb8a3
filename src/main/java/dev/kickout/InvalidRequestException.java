package dev.kickout;

/** 400 {@code INVALID_REQUEST}: malformed JSON, a missing or oversized field, a bad resource type or id. */
public class InvalidRequestException extends KickoutException {

    public InvalidRequestException(String detail) {
        super(ProblemCode.INVALID_REQUEST, detail);
    }
}
