package dev.kickout.it.host;

import dev.kickout.ForKickout;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * A host that already uses Redisson: its one client, handed to the module with {@link ForKickout}.
 * What it hands over counts the calls made through it, so the test sees that the module uses it.
 */
@ApplicationScoped
public class HostRedisson {

    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger shutdowns = new AtomicInteger();
    private RedissonClient client;

    @PostConstruct
    void open() {
        Config config = new Config();
        // the address the servers of the ITs get for the module; here the host reads it for its own client
        // no retry: the module refuses a client that could apply a decision twice
        config.useSingleServer().setAddress(System.getProperty("kickout.redis.address")).setRetryAttempts(0);
        // Redisson's default codec is Kryo, which the module's dependency excludes
        config.setCodec(StringCodec.INSTANCE);
        config.setUseScriptCache(false);
        client = Redisson.create(config);
    }

    @PreDestroy
    void close() {
        client.shutdown();
    }

    @Produces
    @ForKickout
    RedissonClient forKickout() {
        return (RedissonClient) Proxy.newProxyInstance(RedissonClient.class.getClassLoader(),
                new Class<?>[] {RedissonClient.class}, (proxy, method, args) -> {
                    calls.incrementAndGet();
                    if (method.getName().equals("shutdown")) {
                        shutdowns.incrementAndGet();
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    int calls() {
        return calls.get();
    }

    int shutdowns() {
        return shutdowns.get();
    }

    boolean isOpen() {
        return !client.isShutdown();
    }
}
