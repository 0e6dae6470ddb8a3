package dev.kickout.internal.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.ResourceRef;
import dev.kickout.internal.i18n.Text;

/**
 * 409 {@code LOCK_LIMIT}: the session or the user already holds as many edit locks as it may
 * ({@code kickout.lock.max-per-session}, {@code kickout.lock.max-per-user}); {@code scope} says which
 * ({@code SESSION} or {@code USER}) and {@code limit} how many.
 *
 * @since 1.0
 */
public class LockLimitException extends KickoutException {

    LockLimitException(ResourceRef resource, String scope, int limit) {
        super(ProblemCode.LOCK_LIMIT, Text.of("lock.limit", resource, String.valueOf(limit)));
        with("scope", scope);
        with("limit", limit);
    }
}
