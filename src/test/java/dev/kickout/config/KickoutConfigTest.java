package dev.kickout.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
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
    }

    @Test
    void defaultsParse() {
        KickoutConfig config = load();
        assertEquals("kickout", config.keyPrefix());
        assertEquals(Duration.ofMinutes(30), config.sessionTtl());
        assertEquals(KickoutConfig.LoginPolicy.MULTI, config.loginPolicy());
        assertEquals(List.of("/api/*"), config.filterInclude());
        assertEquals("admin", config.adminRole());
        assertEquals(Duration.ofSeconds(3), config.outboxGrace());
        assertEquals(false, config.testFaultAfterDecision());
    }

    @Test
    void systemPropertiesOverrideDefaults() {
        System.setProperty("kickout.session.ttl", "pt2s");
        System.setProperty("kickout.login.policy", "per_device_type");
        System.setProperty("kickout.filter.exclude", " /api/auth/login , /api/events ");
        KickoutConfig config = load();
        assertEquals(Duration.ofSeconds(2), config.sessionTtl());
        assertEquals(KickoutConfig.LoginPolicy.PER_DEVICE_TYPE, config.loginPolicy());
        assertEquals(List.of("/api/auth/login", "/api/events"), config.filterExclude());
    }

    @ParameterizedTest
    @CsvSource({"PT0S, 0", "PT10M, 600", "-PT10M, -600", "pt-10m, -600"})
    void theClockOffsetShiftsTheOneClock(String offset, long seconds) {
        System.setProperty("kickout.clock-offset", offset);
        long shift = load().clock().millis() - System.currentTimeMillis();
        assertTrue(Math.abs(shift - seconds * 1000) < 5_000, offset + " shifted the clock by " + shift + " ms");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "kickout.clock-offset         | ten minutes",
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
            "kickout.test.fault-after-decision | yes",
    })
    void invalidValuesFailWithTheKeyAndWhatToFix(String key, String value) {
        System.setProperty(key, value);
        IllegalStateException e = assertThrows(IllegalStateException.class, this::load);
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }

    private KickoutConfig load() {
        KickoutConfig config = new KickoutConfig();
        config.load();
        return config;
    }
}
