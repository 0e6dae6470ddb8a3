package dev.kickout.internal.redis;

import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * MicroProfile Health readiness: DOWN (503) while Redis does not answer, the breaker is open, or
 * Redis refuses calls ({@code READONLY}, {@code LOADING}, ...; until it served calls for
 * {@code kickout.store.retry-after} without refusing). The public data is the breaker's state and
 * the refusal's name, never a host, port, address or exception (the server log has what it needs).
 * With {@code kickout.health.redis-readiness=false} it is always UP ({@code checked: false}), for hosts
 * whose other pages must stay in rotation while Redis is down (the module's requests still answer 503).
 */
@Readiness
@ApplicationScoped
public class RedisReadiness implements HealthCheck {

    private static final String NAME = "kickout-redis";

    @Inject
    RedisStore redis;
    @Inject
    KickoutConfig config;

    @Override
    public HealthCheckResponse call() {
        if (!config.enabled()) {
            return HealthCheckResponse.named(NAME).up().withData("enabled", false).build();
        }
        if (!config.redis().readiness()) {
            return HealthCheckResponse.named(NAME).up().withData("checked", false).build();
        }
        try {
            redis.call(client -> client.getScript(StringCodec.INSTANCE)
                    .eval(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG));
        } catch (StoreUnavailableException e) {
            return down();
        }
        return redis.refusing().isPresent() ? down() : HealthCheckResponse.up(NAME);
    }

    private HealthCheckResponse down() {
        HealthCheckResponseBuilder down = HealthCheckResponse.named(NAME).down()
                .withData("breaker", redis.available() ? "closed" : "open");
        redis.refusing().ifPresent(state -> down.withData("refusing", state));
        return down.build();
    }
}
