// docs/guide/edit-locks.md (Where the lock token comes from) shows this source of the host's own.
package dev.kickout.docs;

import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.Optional;

@ApplicationScoped
@Priority(250)
public class LockTokenCookie implements LockTokenSource {
    @Inject HttpServletRequest request;

    @Override
    public Optional<String> find(InvocationContext call) {
        Cookie[] cookies;
        try {
            cookies = request.getCookies();
        } catch (IllegalStateException | ContextNotActiveException noRequest) {
            return Optional.empty();   // a batch or a timer: the call serves no HTTP request
        }
        return cookies == null ? Optional.empty() : Arrays.stream(cookies)
                .filter(cookie -> cookie.getName().equals("orderLockToken")).map(Cookie::getValue).findFirst();
    }
}
