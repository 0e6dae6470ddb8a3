package dev.kickout.spi;

import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import jakarta.interceptor.InvocationContext;
import java.util.Optional;

/**
 * Where a {@link RequiresEditLock} method's lock token comes from. Every CDI bean implementing it
 * is asked, lowest {@link jakarta.annotation.Priority @Priority} first (one without is asked last), and the
 * first token found is checked. Built in: 100 a {@link LockToken} method parameter, 200 the
 * {@code X-Lock-Token} header, 300 the request parameter {@code kickout.lock.token-parameter} (form posts,
 * Faces actions). A host app adds its own, e.g. a cookie:
 * <pre>{@code
 * @ApplicationScoped
 * @Priority(250)
 * public class LockTokenCookie implements LockTokenSource {
 *     @Inject HttpServletRequest request;
 *     public Optional<String> find(InvocationContext call) { ... }
 * }
 * }</pre>
 * A source that needs the HTTP request must answer empty when there is none (batch, timer).
 *
 * @since 1.0
 */
public interface LockTokenSource {

    /** The lock token for this call, or empty when this source has none. */
    Optional<String> find(InvocationContext call);
}
