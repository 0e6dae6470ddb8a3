package dev.kickout.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.i18n.Text;

/** 404 {@code NOT_LOCKED}: nobody holds this resource's lock. */
public class NotLockedException extends KickoutException {

    NotLockedException(ResourceRef resource) {
        super(ProblemCode.NOT_LOCKED, Text.of("lock.not-locked", resource));
    }
}
