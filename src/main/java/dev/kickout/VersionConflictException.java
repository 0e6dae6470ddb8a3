package dev.kickout;

import java.util.Locale;
import java.util.function.Function;

/**
 * 409 {@code VERSION_CONFLICT}: the client saved over a version that is no longer current. The
 * module also answers this for a JPA {@code OptimisticLockException}, however it is wrapped.
 *
 * @since 1.0
 */
public class VersionConflictException extends KickoutException {

    public VersionConflictException(String detail) {
        super(ProblemCode.VERSION_CONFLICT, detail);
    }

    public VersionConflictException(Function<Locale, String> detail) {
        super(ProblemCode.VERSION_CONFLICT, detail);
    }
}
