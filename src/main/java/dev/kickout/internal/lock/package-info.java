/**
 * Edit locks: acquire, heartbeat, holder-only release, admin force release, fences, the
 * {@link dev.kickout.RequiresEditLock} interceptor (its commit-time re-check, the
 * {@link dev.kickout.spi.LockTokenSource}s, the JPA fence claim {@link dev.kickout.FencedWrites})
 * and the admin lock listing. Observes
 * {@code session} events (a session that ends releases its locks); fires
 * {@link dev.kickout.event.LockForceReleased} and {@link dev.kickout.event.LockFreed} (a force release's
 * at least once, through {@code outbox}). Uses {@code redis}, {@code config}, {@code outbox}.
 */
package dev.kickout.internal.lock;
