package dev.kickout;

import dev.kickout.spi.LockTokenSource;
import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Guards a save method: before it runs, the call's lock token (found by the {@link LockTokenSource}s:
 * a {@link LockToken} parameter, the {@code X-Lock-Token} header, the request parameter
 * {@code kickout.lock.token-parameter}) must hold the edit lock of the record being saved, for the
 * calling session. Otherwise the method does not run and the client gets 409 {@code LOCK_LOST} (with
 * the reason) or 423 {@code LOCK_HELD}. Just before the transaction commits the lock is checked
 * again: lost meanwhile (e.g. force-released), the transaction rolls back with {@code LOCK_LOST}.
 *
 * <pre>{@code
 * @RequiresEditLock(type = "order", idParam = "orderId", releaseAfterCommit = true)
 * @Transactional
 * public Order save(String orderId, OrderForm form) {
 *     Order order = em.find(Order.class, orderId);
 *     fenced.claim(em, order);   // @Inject FencedWrites fenced: refuses a stale or equal fence
 *     ...
 * }
 * }</pre>
 * Put it on the save method (CDI beans, EJBs, JAX-RS resource methods); it must run in a JTA
 * transaction (else it refuses to run: what it wrote could not be rolled back). {@code idParam}
 * names the parameter holding the record id (compile with {@code -parameters}), or {@code idIndex}
 * gives its position. A declaration naming no such parameter fails the deployment.
 *
 * @since 1.0
 */
@InterceptorBinding
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RequiresEditLock {

    /** Resource type, as in {@code /locks/{type}/{id}}. */
    @Nonbinding
    String type() default "";

    /** Name of the parameter holding the resource id. */
    @Nonbinding
    String idParam() default "";

    /** Position of the parameter holding the resource id, when not named by {@link #idParam()}. */
    @Nonbinding
    int idIndex() default -1;

    /**
     * Release the lock once the surrounding JTA transaction commits (never on rollback).
     */
    @Nonbinding
    boolean releaseAfterCommit() default false;
}
