package dev.kickout.lock;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Guards a save method: before it runs, the request's {@code X-Lock-Token} must hold the edit lock
 * of the record being saved, for the calling session. Otherwise the method does not run and the
 * client gets 409 {@code LOCK_LOST} (with the reason) or 423 {@code LOCK_HELD}.
 *
 * <pre>{@code
 * @RequiresEditLock(type = "order", idParam = "orderId", releaseAfterCommit = true)
 * @Transactional
 * public Order save(String orderId, OrderForm form) {
 *     long fence = heldLock.fence();   // @Inject HeldLock heldLock: store it beside the record
 *     ...
 * }
 * }</pre>
 * Put it on the save method (CDI beans, EJBs, JAX-RS resource methods). {@code idParam} names the parameter holding
 * the record id (compile with {@code -parameters}), or {@code idIndex} gives its position. A
 * declaration naming no such parameter fails the deployment.
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
     * Release the lock once the surrounding JTA transaction commits (never on rollback); without a
     * transaction, once the method returns normally.
     */
    @Nonbinding
    boolean releaseAfterCommit() default false;
}
