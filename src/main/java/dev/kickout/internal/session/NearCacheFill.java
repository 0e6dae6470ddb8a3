package dev.kickout.internal.session;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The moment between a near-cache miss's read of Redis and its fill of the cache: nothing happens here; a
 * test deployment replaces it (a CDI alternative) with a pause, to make a fill race a revocation.
 */
@ApplicationScoped
public class NearCacheFill {

    public void beforeFill() {
        // nothing in production
    }
}
