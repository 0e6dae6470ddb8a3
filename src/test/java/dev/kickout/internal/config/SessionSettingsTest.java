package dev.kickout.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** In HttpSession mode the container's session decides how long a user stays, unless the settings say otherwise. */
class SessionSettingsTest {

    @AfterEach
    void clear() {
        System.clearProperty("kickout.session.ttl");
        System.clearProperty("kickout.session.max-lifetime");
    }

    @ParameterizedTest(name = "HttpSession mode {0}, app timeout {1}, ttl set {2}, max-lifetime set {3}: ttl {4}, max {5}")
    @CsvSource(nullValues = "-", value = {
            // mode  | app timeout | ttl set | max set | ttl    | max lifetime
            "true,  PT8H,  -,     -,     PT8H,   P3650D",
            "true,  PT8H,  PT1H,  -,     PT1H,   P3650D",
            "true,  PT8H,  -,     PT4H,  PT4H,   PT4H",
            "true,  PT8H,  -,     P1D,   PT8H,   P1D",
            "true,  -,     -,     -,     PT30M,  P3650D",
            "false, PT8H,  -,     -,     PT30M,  PT12H",
            "false, PT8H,  PT2H,  PT6H,  PT2H,   PT6H"})
    void theIdleTimeoutFollowsTheAppsSessionTimeoutAndThereIsNoCapUnlessSet(boolean httpSessionMode, Duration appTimeout,
            String ttl, String maxLifetime, Duration expectedTtl, Duration expectedMax) {
        if (ttl != null) {
            System.setProperty("kickout.session.ttl", ttl);
        }
        if (maxLifetime != null) {
            System.setProperty("kickout.session.max-lifetime", maxLifetime);
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        ConfigProviderResolver.instance().releaseConfig(ConfigProvider.getConfig(loader));
        SessionSettings settings = SessionSettings.read(new SettingReader(loader), httpSessionMode, Optional.ofNullable(appTimeout));
        assertEquals(expectedTtl, settings.ttl());
        assertEquals(expectedMax, settings.maxLifetime());
        assertEquals(expectedMax.compareTo(Duration.ofDays(7)) < 0 ? expectedMax : Duration.ofDays(7), settings.sealLifetime());
    }
}
