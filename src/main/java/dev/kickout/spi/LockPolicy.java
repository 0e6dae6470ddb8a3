package dev.kickout.spi;

import dev.kickout.RequiresEditLock;
import dev.kickout.ResourceRef;

/**
 * The host's say on who may edit what: asked before a session takes an edit lock, and again at
 * every heartbeat, so a caller whose permission was withdrawn loses the lock at its next heartbeat
 * (within {@code kickout.lock.heartbeat}) instead of keeping it alive until {@code kickout.lock.max-hold}.
 * A refusal answers 403 {@code LOCK_FORBIDDEN} and writes nothing to Redis.
 *
 * <pre>{@code
 * @ApplicationScoped
 * public class OrderLockPolicy implements LockPolicy {
 *     @Inject OrderRepository orders;
 *
 *     @Override
 *     public boolean mayLock(Caller caller, ResourceRef resource) {
 *         return !resource.type().equals("order")
 *                 || caller.hasRole("clerk") && orders.isOpen(resource.id());
 *     }
 * }
 * }</pre>
 * Implement it as a CDI bean of the host application; with several such beans, every one must allow.
 * With none, any signed-in session may lock any declared type ({@code kickout.lock.types}). It runs on
 * the request's thread, for every acquire and heartbeat: keep it quick (a cached lookup, not a report).
 * A guarded save ({@link RequiresEditLock}) does not ask: it only runs under a lock that was granted,
 * and that the policy allowed again at its last heartbeat.
 *
 * @since 1.0
 */
public interface LockPolicy {

    /**
     * Whether {@code caller} may take, or keep by heartbeat, the edit lock on {@code resource}.
     *
     * @param caller   the calling session: its id, user id, name, roles, device type and client id
     * @param resource the record, its type already declared
     */
    boolean mayLock(Caller caller, ResourceRef resource);
}
