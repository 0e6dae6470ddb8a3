/**
 * The outbox: what a deciding script (kick, login replacement, force release) committed always has
 * its follow-ups (index update, audit entry, push event, lock drops), at least once. The script
 * writes an entry in the outbox shard of its own slot; the deciding instance runs the follow-ups
 * and deletes it; any instance's {@link dev.kickout.internal.outbox.OutboxTimer} delivers what is left after
 * {@code kickout.outbox.grace}. Features plug in with an {@link dev.kickout.internal.outbox.OutboxDelivery}.
 * Uses {@code redis}, {@code config}; used by {@code session} and {@code lock}; knows no feature.
 */
package dev.kickout.internal.outbox;
