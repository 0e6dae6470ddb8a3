package dev.kickout;

/** 404 {@code NOT_FOUND}: no such session, user or document. */
public class NotFoundException extends KickoutException {

    public NotFoundException(String detail) {
        super(ProblemCode.NOT_FOUND, detail);
    }
}
