/**
 * Edit locks: acquire, heartbeat, holder-only release, admin force release, fences, the
 * {@link dev.kickout.lock.RequiresEditLock} interceptor (its commit-time re-check, the
 * {@link dev.kickout.lock.LockTokenSource}s, the JPA fence claim {@link dev.kickout.lock.FencedWrites})
 * and the admin lock listing. Observes
 * {@code session} events (a session that ends releases its locks); fires
 * {@link dev.kickout.lock.LockForceReleased} and {@link dev.kickout.lock.LockFreed} (a force release's
 * at least once, through {@code outbox}). Uses {@code redis}, {@code config}, {@code outbox}.
 */
package dev.kickout.lock;
