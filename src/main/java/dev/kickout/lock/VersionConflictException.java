package dev.kickout.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.i18n.Text;

/**
 * 409 {@code VERSION_CONFLICT}: the client saved over a version that is no longer current. The
 * module also answers this for a JPA {@code OptimisticLockException}, however it is wrapped.
 */
public class VersionConflictException extends KickoutException {

    public VersionConflictException(String detail) {
        super(ProblemCode.VERSION_CONFLICT, detail);
    }

    public VersionConflictException(Text detail) {
        super(ProblemCode.VERSION_CONFLICT, detail);
    }
}
