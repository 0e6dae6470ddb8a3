package dev.kickout.bench;

import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.redisson.client.codec.StringCodec;

/**
 * The no-op with one Redis round trip: a {@code GET} of one key through the module's Redisson client. Beside
 * {@link NoopResource} it shows what a request pays for waiting on Redis at all, the floor under any
 * request that must ask Redis (a lock operation).
 */
@Path("bench/redis")
@RequestScoped
public class RedisReadResource {

    @Inject
    RedisStore redis;

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String read() {
        Object value = redis.call(client -> client.getBucket("wrk:bench:read", StringCodec.INSTANCE).get());
        return value == null ? "ok" : "ok " + value;
    }
}
