package dev.kickout.internal.redis;

import dev.kickout.ForKickout;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisson.config.Config;

/** The Redisson settings refused at start-up, from a YAML file and from a host's client alike. */
class ExactlyOnceSettingsTest {

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("""
                        singleServerConfig:
                          address: "redis://127.0.0.1:6379"
                          retryAttempts: 3
                        """, "retryAttempts is 3; set retryAttempts: 0"),
                Arguments.of("""
                        singleServerConfig:
                          address: "redis://127.0.0.1:6379"
                        """, "retryAttempts is 4; set retryAttempts: 0"),
                Arguments.of("""
                        sentinelServersConfig:
                          masterName: "kickout"
                          sentinelAddresses: ["redis://127.0.0.1:26379"]
                          retryAttempts: 0
                          subscriptionMode: "MASTER"
                        """, "readMode is SLAVE; set readMode: \"MASTER\""),
                Arguments.of("""
                        clusterServersConfig:
                          nodeAddresses: ["redis://127.0.0.1:7000"]
                          retryAttempts: 0
                          readMode: "MASTER_SLAVE"
                          subscriptionMode: "MASTER"
                        """, "readMode is MASTER_SLAVE; set readMode: \"MASTER\""),
                Arguments.of("""
                        clusterServersConfig:
                          nodeAddresses: ["redis://127.0.0.1:7000"]
                          retryAttempts: 0
                          readMode: "MASTER"
                          subscriptionMode: "SLAVE"
                        """, "subscriptionMode is SLAVE; set subscriptionMode: \"MASTER\""),
                Arguments.of("""
                        singleServerConfig:
                          address: "redis://127.0.0.1:6379"
                          retryAttempts: 0
                        keepPubSubOrder: false
                        """, "keepPubSubOrder is false; set keepPubSubOrder: true"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesWhatBreaksExactlyOnceNamingTheSettingAndItsFix(String yaml, String said) throws IOException {
        Config config = Config.fromYAML(yaml);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ExactlyOnceSettings.check(config, "kickout.redis.config = 'x.yaml'"));
        assertTrue(refused.getMessage().contains(said), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("Kickout configuration: kickout.redis.config = 'x.yaml'"),
                refused.getMessage());
    }

    @Test
    void namesEveryOffenceAtOnce() throws IOException {
        Config config = Config.fromYAML("""
                sentinelServersConfig:
                  masterName: "kickout"
                  sentinelAddresses: ["redis://127.0.0.1:26379"]
                  retryAttempts: 2
                  readMode: "SLAVE"
                  subscriptionMode: "SLAVE"
                """);
        String message = assertThrows(IllegalStateException.class,
                () -> ExactlyOnceSettings.check(config, "the @ForKickout RedissonClient")).getMessage();
        assertTrue(message.contains("retryAttempts is 2") && message.contains("readMode is SLAVE")
                && message.contains("subscriptionMode is SLAVE"), message);
    }

    @Test
    void acceptsTheShippedConfigurations() throws IOException {
        for (String file : new String[] {"redisson-single.yaml", "redisson-sentinel.yaml", "redisson-cluster.yaml",
                "redisson-tls.yaml", "redisson-acl.yaml"}) {
            Config config = Config.fromYAML(new java.io.File("server-config/redis/" + file));
            assertDoesNotThrow(() -> ExactlyOnceSettings.check(config, file), file);
        }
    }

    @Test
    void acceptsAHostClientBuiltInCodeWithoutRetries() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379").setRetryAttempts(0);
        assertDoesNotThrow(() -> ExactlyOnceSettings.check(config, "the @ForKickout RedissonClient"));
        assertDoesNotThrow(() -> ExactlyOnceSettings.check(new Config(), "the @ForKickout RedissonClient"));
    }
}
