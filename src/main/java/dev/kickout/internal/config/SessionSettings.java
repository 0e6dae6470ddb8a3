package dev.kickout.internal.config;

import java.time.Duration;

/**
 * Sessions ({@code kickout.session.*}).
 *
 * @param nearCache whether token checks are answered from the near cache
 */
public record SessionSettings(Duration ttl, Duration maxLifetime, boolean nearCache, Duration nearCacheSilence,
                              Duration nearCacheMaxAge, int nearCacheSize, Duration touchInterval) {

    static SessionSettings read(SettingReader reader) {
        SessionSettings settings = new SessionSettings(reader.read(Setting.SESSION_TTL, Converters.POSITIVE_DURATION),
                reader.read(Setting.SESSION_MAX_LIFETIME, Converters.POSITIVE_DURATION),
                reader.read(Setting.SESSION_NEAR_CACHE, Converters.BOOLEAN),
                reader.read(Setting.SESSION_NEAR_CACHE_SILENCE, Converters.POSITIVE_DURATION),
                reader.read(Setting.SESSION_NEAR_CACHE_MAX_AGE, Converters.POSITIVE_DURATION),
                reader.read(Setting.SESSION_NEAR_CACHE_SIZE, Converters.POSITIVE_INT),
                reader.read(Setting.SESSION_TOUCH_INTERVAL, Converters.POSITIVE_DURATION));
        if (settings.maxLifetime().compareTo(settings.ttl()) < 0) {
            throw reader.invalid(Setting.SESSION_MAX_LIFETIME, "a duration at least as long as " + Setting.SESSION_TTL.key());
        }
        return settings;
    }
}
