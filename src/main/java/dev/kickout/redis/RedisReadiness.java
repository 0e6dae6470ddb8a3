package dev.kickout.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * MicroProfile Health readiness: DOWN (503) while Redis does not answer or the breaker is open.
 * The public data names no host, port or exception (the server log has those).
 */
@Readiness
@ApplicationScoped
public class RedisReadiness implements HealthCheck {

    private static final String NAME = "kickout-redis";

    @Inject
    RedisStore redis;

    @Override
    public HealthCheckResponse call() {
        try {
            redis.call(client -> client.getScript(StringCodec.INSTANCE)
                    .eval(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG));
            return HealthCheckResponse.up(NAME);
        } catch (StoreUnavailableException e) {
            String breaker = redis.available() ? "closed" : "open";
            return HealthCheckResponse.named(NAME).down().withData("breaker", breaker).build();
        }
    }
}
