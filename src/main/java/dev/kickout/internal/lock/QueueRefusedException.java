package dev.kickout.internal.lock;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.ResourceRef;
import dev.kickout.internal.i18n.Text;

/**
 * 409: a record's queue refuses the caller: {@code QUEUE_FULL} (the record's queue or the user's
 * queues are full; {@code scope} RECORD or USER, and {@code limit}), {@code ALREADY_HOLDER} (the
 * caller's session holds the lock) or {@code NOT_WAITING} (a hand-over asked from outside the queue).
 */
public class QueueRefusedException extends KickoutException {

    private QueueRefusedException(ProblemCode code, Text detail) {
        super(code, detail);
    }

    static QueueRefusedException full(ResourceRef resource, String scope, int limit) {
        return (QueueRefusedException) new QueueRefusedException(ProblemCode.QUEUE_FULL,
                Text.of(scope.equals("USER") ? "queue.full.user" : "queue.full.record", resource, limit))
                .with("scope", scope).with("limit", limit);
    }

    static QueueRefusedException holder(ResourceRef resource) {
        return new QueueRefusedException(ProblemCode.ALREADY_HOLDER, Text.of("queue.holder", resource));
    }

    static QueueRefusedException notWaiting(ResourceRef resource) {
        return new QueueRefusedException(ProblemCode.NOT_WAITING, Text.of("queue.not-waiting", resource));
    }
}
