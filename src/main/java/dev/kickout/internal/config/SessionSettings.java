package dev.kickout.internal.config;

import java.time.Duration;
import java.util.Optional;

/**
 * Sessions ({@code kickout.session.*}). In HttpSession mode the idle timeout follows the app's own
 * {@code HttpSession} timeout ({@code <session-timeout>}, or the server's default) unless
 * {@code kickout.session.ttl} is set, and there is no maximum lifetime unless
 * {@code kickout.session.max-lifetime} is set: the container's session decides how long a user stays.
 *
 * @param nearCache whether token checks are answered from the near cache
 */
public record SessionSettings(Duration ttl, Duration maxLifetime, boolean nearCache, Duration nearCacheSilence,
                              Duration nearCacheMaxAge, int nearCacheSize, Duration touchInterval) {

    /** No cap on a session's life (HttpSession mode without {@code kickout.session.max-lifetime}): ten years. */
    public static final Duration NO_MAX_LIFETIME = Duration.ofDays(3650);
    /** How long the sealed copy of an {@code HttpSession}'s binding is kept at most (see {@link #sealLifetime()}). */
    private static final Duration SEAL_LIFETIME = Duration.ofDays(7);

    static SessionSettings read(SettingReader reader) {
        return read(reader, false, Optional.empty());
    }

    /**
     * @param httpSessionMode  whether HttpSession mode is on
     * @param containerTimeout the app's {@code HttpSession} timeout, when known
     */
    static SessionSettings read(SettingReader reader, boolean httpSessionMode, Optional<Duration> containerTimeout) {
        boolean followTtl = httpSessionMode && containerTimeout.isPresent() && reader.get(Setting.SESSION_TTL.key()).isEmpty();
        boolean noCap = httpSessionMode && reader.get(Setting.SESSION_MAX_LIFETIME.key()).isEmpty();
        Duration maxLifetime = noCap ? NO_MAX_LIFETIME : reader.read(Setting.SESSION_MAX_LIFETIME, Converters.POSITIVE_DURATION);
        Duration ttl = followTtl ? min(containerTimeout.get(), maxLifetime) : reader.read(Setting.SESSION_TTL, Converters.POSITIVE_DURATION);
        SessionSettings settings = new SessionSettings(ttl, maxLifetime,
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

    /**
     * How long Redis keeps the sealed binding of a distributable {@code HttpSession}: the maximum lifetime, at
     * most a week (only an instance whose copy of the session lags behind reads it, in the session's first moments).
     */
    public Duration sealLifetime() {
        return min(maxLifetime, SEAL_LIFETIME);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
