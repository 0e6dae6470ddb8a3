package dev.kickout;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the {@code String} parameter of a {@link RequiresEditLock} method that carries the lock
 * token; it wins over the request's header and parameter. This is how code with no HTTP request
 * saves under a lock, e.g. an EJB a batch job calls with the token its user handed over:
 * <pre>{@code
 * @Asynchronous   // or a timer, an MDB, a batch step: any call with no HTTP request
 * @RequiresEditLock(type = "order", idParam = "orderId")
 * public void reprice(String orderId, @LockToken String lockToken) { ... }
 * }</pre>
 * With no HTTP request there is no calling session, so the token alone must hold the lock (for
 * whichever session acquired it). That is safe because the token is a 256-bit secret that only the
 * holder's acquire answer ever carried (Redis keeps its hash), so only code the holder gave it to
 * can present it, and it dies with the holding (release, force release, expiry, renewal, logout).
 * Over HTTP the token must still belong to the calling session.
 *
 * @since 1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface LockToken {
}
