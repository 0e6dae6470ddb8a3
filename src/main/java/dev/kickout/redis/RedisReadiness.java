package dev.kickout.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/** MicroProfile Health readiness: DOWN (503) while Redis does not answer. */
@Readiness
@ApplicationScoped
public class RedisReadiness implements HealthCheck {

    @Inject
    RedisStore redis;

    @Override
    public HealthCheckResponse call() {
        try {
            redis.call(client -> client.getScript(StringCodec.INSTANCE)
                    .eval(RScript.Mode.READ_ONLY, "return 1", RScript.ReturnType.LONG));
            return HealthCheckResponse.up("kickout-redis");
        } catch (StoreUnavailableException e) {
            return HealthCheckResponse.named("kickout-redis").down().withData("error", e.getCause().toString()).build();
        }
    }
}
