package dev.kickout.it.session;

import dev.kickout.internal.session.NearCacheFill;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.interceptor.Interceptor;

/** A near-cache miss that waits 50 ms between reading Redis and filling the cache, widening the window a revocation races in. */
@ApplicationScoped
@Alternative
@Priority(Interceptor.Priority.APPLICATION)
public class PausedFill extends NearCacheFill {

    @Override
    public void beforeFill() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
