package dev.kickout.internal.lock;

import dev.kickout.LockToken;
import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.QueryParam;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The lock token passed as the method's {@link LockToken} parameter. */
@ApplicationScoped
@Priority(100)
class LockTokenParameter implements LockTokenSource {

    private static final Map<Method, Integer> POSITIONS = new ConcurrentHashMap<>();


    @Override
    public Optional<String> find(InvocationContext call) {
        int position = POSITIONS.computeIfAbsent(call.getMethod(), LockTokenParameter::position);
        return position < 0 ? Optional.empty() : nonEmpty(call.getParameters()[position]);
    }

    /**
     * The position of the method's {@link LockToken} parameter, or -1.
     *
     * @throws IllegalStateException it is not a {@code String}, there are several, or it is a JAX-RS
     *                               {@code @QueryParam} (a lock token in a URL ends up in access logs)
     */
    static int position(Method method) {
        int found = -1;
        for (int i = 0; i < method.getParameterCount(); i++) {
            if (method.getParameters()[i].isAnnotationPresent(LockToken.class)) {
                String where = "@LockToken on " + method.getDeclaringClass().getName() + "." + method.getName();
                if (found >= 0) {
                    throw new IllegalStateException(where + ": only one parameter may carry the lock token");
                }
                if (method.getParameters()[i].isAnnotationPresent(QueryParam.class)) {
                    throw new IllegalStateException(where + ": a lock token may not come from the query string (it ends up"
                            + " in access logs); take it from the X-Lock-Token header (@HeaderParam) or a form field (@FormParam)");
                }
                if (method.getParameterTypes()[i] != String.class) {
                    throw new IllegalStateException(where + ": the parameter must be a String");
                }
                found = i;
            }
        }
        return found;
    }

    private static Optional<String> nonEmpty(Object value) {
        return value instanceof String token && !token.isEmpty() ? Optional.of(token) : Optional.empty();
    }
}
