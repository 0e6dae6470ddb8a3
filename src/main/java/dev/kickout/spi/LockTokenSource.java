package dev.kickout.spi;

import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import jakarta.interceptor.InvocationContext;
import java.util.Optional;

/**
 * Where a {@link RequiresEditLock} method's lock token comes from. Every CDI bean implementing it
 * is asked, lowest {@link #order()} first, and the first token found is checked. Built in:
 * {@value LockTokenParameter#ORDER} a {@link LockToken} method parameter,
 * {@value LockTokenHeader#ORDER} the {@code X-Lock-Token} header,
 * {@value LockTokenRequestParameter#ORDER} the request parameter {@code kickout.lock.token-parameter}
 * (form posts, Faces actions). A host app adds its own, e.g. a cookie:
 * <pre>{@code
 * @ApplicationScoped
 * public class LockTokenCookie implements LockTokenSource {
 *     @Inject HttpServletRequest request;
 *     public int order() { return 250; }
 *     public Optional<String> find(InvocationContext call) { ... }
 * }
 * }</pre>
 * A source that needs the HTTP request must answer empty when there is none (batch, timer).
 *
 * @since 1.0
 */
public interface LockTokenSource {

    /** Position among the sources: lower is asked first. */
    int order();

    /** The lock token for this call, or empty when this source has none. */
    Optional<String> find(InvocationContext call);
}
