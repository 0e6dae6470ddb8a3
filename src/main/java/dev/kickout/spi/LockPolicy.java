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
 * <p>
 * Seeing a record's room (who holds its lock, who waits, who else has it open, and being listed there
 * as a reader) is asked of {@link #mayView}, which by default allows exactly those {@link #mayLock}
 * allows; override it to let read-only users see who is editing.
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

    /**
     * Whether {@code caller} may see the record's lock, its queue and who has it open, and show there as
     * a reader: asked when a page reports its presence, reads the lock or its place in the queue. A
     * refusal answers 403 {@code LOCK_FORBIDDEN} and writes nothing. Asking for a hand-over is asking to
     * lock, and goes to {@link #mayLock}.
     *
     * @param caller   the calling session
     * @param resource the record, its type already declared
     * @return by default, {@link #mayLock}'s answer
     * @since 1.1
     */
    default boolean mayView(Caller caller, ResourceRef resource) {
        return mayLock(caller, resource);
    }
}
