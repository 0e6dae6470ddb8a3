package dev.kickout.internal.health;

import dev.kickout.internal.push.SseHub;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Liveness: DOWN only for what a restart fixes and waiting does not: the event streams' timers (keep-alive,
 * expiry and age checks) stopped, e.g. after an unexpected error in a periodic task, which a scheduled
 * executor never runs again. Redis being down is not this check's business: that is readiness, and a
 * restart would not bring Redis back.
 */
@Liveness
@ApplicationScoped
public class ModuleLiveness implements HealthCheck {

    private static final String NAME = "kickout";

    @Inject
    SseHub hub;

    @Override
    public HealthCheckResponse call() {
        boolean timers = hub.timersRunning();
        return HealthCheckResponse.named(NAME).status(timers).withData("streamTimers", timers ? "running" : "stopped")
                .build();
    }
}
