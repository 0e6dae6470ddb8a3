package dev.kickout;

import dev.kickout.i18n.Text;

/** 404 {@code NOT_FOUND}: no such session, user or document. */
public class NotFoundException extends KickoutException {

    public NotFoundException(String detail) {
        super(ProblemCode.NOT_FOUND, detail);
    }

    public NotFoundException(Text detail) {
        super(ProblemCode.NOT_FOUND, detail);
    }
}
