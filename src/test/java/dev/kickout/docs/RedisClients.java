// docs/guide/dependency.md shows this producer of the host's own Redisson client.
package dev.kickout.docs;

import dev.kickout.ForKickout;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

@ApplicationScoped
public class RedisClients {

    private RedissonClient redisson;

    @PostConstruct
    void connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379")
                .setRetryAttempts(0);           // Kickout refuses a client that could apply a decision twice
        config.setUseScriptCache(false);        // else Kickout's batches answer NOSCRIPT after a SCRIPT FLUSH
        config.setCodec(StringCodec.INSTANCE);  // Redisson's default, Kryo, is not among Kickout's dependencies
        redisson = Redisson.create(config);
    }

    @PreDestroy
    void shutdown() {
        redisson.shutdown();   // the host's to do: Kickout never shuts down a client it was handed
    }

    @Produces
    @ForKickout
    RedissonClient forKickout() {
        return redisson;
    }
}
