package dev.kickout.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Without MicroProfile Config (as here) values come from system properties. */
class KickoutConfigTest {

    @AfterEach
    void clear() {
        for (Setting setting : Setting.values()) {
            System.clearProperty(setting.key());
        }
        System.getProperties().stringPropertyNames().stream().filter(name -> name.startsWith("kickout.lock.type."))
                .forEach(System::clearProperty);
    }

    @Test
    void aLockTypeMayHaveItsOwnTimingsOverTheGlobalOnes() {
        System.setProperty("kickout.lock.idle-timeout", "PT20M");
        System.setProperty("kickout.lock.type.contract.idle-timeout", "PT2H");
        System.setProperty("kickout.lock.type.contract.heartbeat", "PT1M");
        System.setProperty("kickout.lock.type.order.idle-timeout", "PT0S");
        KickoutConfig config = load();
        LockTiming contract = config.lock().timing("contract");
        assertEquals(Duration.ofHours(2), contract.idleTimeout());
        assertEquals(Duration.ofMinutes(1), contract.heartbeat());
        assertEquals(Duration.ofMinutes(5), contract.ttl());
        assertEquals(Duration.ofMinutes(1), contract.idleWarning());
        assertEquals(false, config.lock().timing("order").idleRelease());
        assertEquals(Duration.ofMinutes(20), config.lock().timing("invoice").idleTimeout());
        assertEquals(Duration.ofSeconds(30), config.lock().timing("invoice").reservation());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "kickout.lock.type.order.heartbeat    | PT10M",
            "kickout.lock.type.order.idle-warning | PT40M",
            "kickout.lock.type.order.ttl          | soon",
            "kickout.lock.type.order.reservation  | PT0S",
            "kickout.lock.type.Order.ttl          | PT1M",
            "kickout.lock.type.order.colour       | PT1M",
    })
    void aBadLockTypeTimingFailsNamingItsKey(String key, String value) {
        System.setProperty(key, value);
        IllegalStateException e = assertThrows(IllegalStateException.class, this::load);
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }

    @Test
    void defaultsParse() {
        KickoutConfig config = load();
        assertEquals("kickout", config.keyPrefix());
        assertEquals(Duration.ofMinutes(30), config.session().ttl());
        assertEquals(LoginSettings.LoginPolicy.MULTI, config.login().policy());
        assertEquals(List.of(), config.filterInclude()); // empty: the filter derives the module's REST root
        assertEquals(true, config.enabled());
        assertEquals(true, config.restOwnApplication());
        assertEquals("admin", config.adminRole());
        assertEquals(Duration.ofSeconds(3), config.outbox().grace());
        assertEquals(UserIdCase.AS_IS, config.userIdCase());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"LOWER | LOWER", "lower | LOWER", "as_is | AS_IS"})
    void userIdCaseParses(String value, UserIdCase expected) {
        System.setProperty("kickout.user-id.case", value);
        assertEquals(expected, load().userIdCase());
    }

    @Test
    void aBadUserIdCaseFailsNamingItsKey() {
        System.setProperty("kickout.user-id.case", "UPPER");
        IllegalStateException e = assertThrows(IllegalStateException.class, this::load);
        assertTrue(e.getMessage().contains("kickout.user-id.case"), e.getMessage());
    }

    @Test
    void systemPropertiesOverrideDefaults() {
        System.setProperty("kickout.session.ttl", "pt2s");
        System.setProperty("kickout.login.policy", "per_device_type");
        System.setProperty("kickout.filter.exclude", " /api/auth/login , /api/events ");
        KickoutConfig config = load();
        assertEquals(Duration.ofSeconds(2), config.session().ttl());
        assertEquals(LoginSettings.LoginPolicy.PER_DEVICE_TYPE, config.login().policy());
        assertEquals(List.of("/api/auth/login", "/api/events"), config.filterExclude());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "kickout.session.ttl          | 30 minutes",
            "kickout.session.ttl          | -PT5M",
            "kickout.login.policy         | EVERYTHING",
            "kickout.login.max-sessions   | 0",
            "kickout.login.when-full      | WAIT",
            "kickout.key-prefix           | bad:prefix",
            "kickout.key-prefix           | {tag}",
            "kickout.filter.include       | api/*",
            "kickout.filter.include       | /api/*/x",
            "kickout.session.max-lifetime | PT1M",
            "kickout.outbox.grace         | PT0S",
            "kickout.redis.wait-replicas  | some",
            "kickout.redis.wait-replicas  | -1",
            "kickout.redis.wait-replicas  | 17",
            "kickout.redis.wait-replicas  | 1.5",
            "kickout.redis.wait-timeout   | PT0S",
            "kickout.redis.wait-timeout   | PT0.0005S",
            "kickout.redis.wait-timeout   | PT0.0015S",
            "kickout.redis.wait-timeout   | 500",
    })
    void invalidValuesFailWithTheKeyAndWhatToFix(String key, String value) {
        System.setProperty(key, value);
        IllegalStateException e = assertThrows(IllegalStateException.class, this::load);
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"auto, -1", "AUTO, -1", "0, 0", "1, 1", "16, 16"})
    void waitReplicasIsAutoOrACount(String value, int expected) {
        System.setProperty("kickout.redis.wait-replicas", value);
        KickoutConfig config = load();
        assertEquals(expected < 0 ? OptionalInt.empty() : OptionalInt.of(expected), config.redis().waitReplicas());
    }

    @Test
    void waitReplicasDefaultsToAutoWithAHalfSecondBound() {
        KickoutConfig config = load();
        assertEquals(OptionalInt.empty(), config.redis().waitReplicas());
        assertEquals(Duration.ofMillis(500), config.redis().waitTimeout());
        System.setProperty("kickout.redis.wait-timeout", "pt0.05s");
        assertEquals(Duration.ofMillis(50), load().redis().waitTimeout());
    }

    private KickoutConfig load() {
        return TestSettings.load();
    }
}
