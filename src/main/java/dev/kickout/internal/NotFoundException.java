package dev.kickout.internal;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/** 404 {@code NOT_FOUND}: no such session, user or document. */
public class NotFoundException extends KickoutException {

    public NotFoundException(String detail) {
        super(ProblemCode.NOT_FOUND, detail);
    }

    public NotFoundException(Text detail) {
        super(ProblemCode.NOT_FOUND, detail);
    }
}
