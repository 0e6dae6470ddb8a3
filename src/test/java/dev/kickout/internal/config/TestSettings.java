package dev.kickout.internal.config;

import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;

/** The settings as a deployment would read them now: a fresh MicroProfile Config over the current system properties. */
public final class TestSettings {

    private TestSettings() {
    }

    public static KickoutConfig load() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        ConfigProviderResolver.instance().releaseConfig(ConfigProvider.getConfig(loader));
        KickoutConfig config = new KickoutConfig();
        config.load();
        return config;
    }
}
