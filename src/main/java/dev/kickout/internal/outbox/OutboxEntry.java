package dev.kickout.internal.outbox;

import java.util.List;

/**
 * Storage format (public only for JSON-B), written by the deciding script (outbox-lib.lua): one
 * undelivered decision.
 *
 * @param kind    which {@link OutboxDelivery} rebuilds it ({@code S} sessions revoked, {@code L} a lock force-released)
 * @param id      the entry's id, the same on every delivery of it: the key that makes follow-ups idempotent
 * @param at      when it was decided (Redis's clock, ms)
 * @param context JSON the app passed to the script (actor, reason, ...)
 * @param data    what the script decided (revoked sessions, the lock as it was), as a list of strings
 */
public record OutboxEntry(String kind, String id, String at, String context, List<String> data) {
}
