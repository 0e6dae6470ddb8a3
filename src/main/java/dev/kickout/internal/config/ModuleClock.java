package dev.kickout.internal.config;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * This instance's wall clock, the only one the module reads: every expiry, TTL and "now" decision is
 * Redis's ({@code clock-lib.lua}), so this is left for what is only shown or logged. A test deployment
 * replaces it (a CDI alternative) with a shifted one, so a leftover dependency on it shows up.
 */
@ApplicationScoped
public class ModuleClock {

    public Clock now() {
        return Clock.systemUTC();
    }
}
