package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.inject.Instance;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/** Which client the module uses, and which it shuts down. */
class RedissonProducerTest {

    private final AtomicInteger shutdowns = new AtomicInteger();

    @Test
    void usesTheHostsClientWithoutReadingItsOwnSettings() {
        RedissonClient host = client();
        RedissonProducer producer = producer(List.of(host));
        // no KickoutConfig: the host's client is taken before any setting is read
        assertSame(host, producer.client(null));
    }

    @Test
    void neverShutsDownTheHostsClient() {
        RedissonClient host = client();
        RedissonProducer producer = producer(List.of(host));
        producer.close(producer.client(null));
        assertEquals(0, shutdowns.get());
    }

    @Test
    void shutsDownItsOwnClient() {
        RedissonProducer producer = producer(List.of());
        producer.close(client());
        assertEquals(1, shutdowns.get());
    }

    @Test
    void twoHostClientsAreAConfigurationError() {
        RedissonProducer producer = producer(List.of(client(), client()));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> producer.client(null));
        assertTrue(refused.getMessage().contains("more than one @ForKickout RedissonClient"), refused.getMessage());
    }

    @Test
    void noHostClientMeansNone() {
        assertTrue(RedissonProducer.hostClient(instance(List.of())).isEmpty());
    }

    private RedissonProducer producer(List<RedissonClient> hostClients) {
        RedissonProducer producer = new RedissonProducer();
        producer.hostClient = instance(hostClients);
        return producer;
    }

    /** A client that counts shutdowns and answers getConfig(); nothing else is called here. */
    private RedissonClient client() {
        Config config = new Config();
        config.setUseScriptCache(false);
        return (RedissonClient) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {RedissonClient.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "shutdown" -> {
                        shutdowns.incrementAndGet();
                        yield null;
                    }
                    case "getConfig" -> config;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** The {@code @ForKickout Instance<RedissonClient>} CDI would inject, over a fixed list of beans. */
    @SuppressWarnings("unchecked")
    private static Instance<RedissonClient> instance(List<RedissonClient> beans) {
        return (Instance<RedissonClient>) Proxy.newProxyInstance(RedissonProducerTest.class.getClassLoader(),
                new Class<?>[] {Instance.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "isUnsatisfied" -> beans.isEmpty();
                    case "isAmbiguous" -> beans.size() > 1;
                    case "isResolvable" -> beans.size() == 1;
                    case "get" -> {
                        if (beans.size() != 1) {
                            throw new IllegalStateException("unsatisfied or ambiguous");
                        }
                        yield beans.get(0);
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
