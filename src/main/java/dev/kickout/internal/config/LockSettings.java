package dev.kickout.internal.config;

import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Edit locks ({@code kickout.lock.*}): lifetimes, caps, the waiting rooms' bounds and the timings per type.
 *
 * @param types          the declared lock types; empty when the setting is (any type then)
 * @param tokenParameter the request parameter (form field) in which {@code @RequiresEditLock} also finds the token
 */
public record LockSettings(Duration ttl, Duration heartbeat, Duration maxHold, Duration forceReleaseGrace, Set<String> types,
                           int maxPerSession, int maxPerUser, int queueMaxPerRecord, int queueMaxPerUser,
                           int viewersMaxPerRecord, Duration watchInterval, String tokenParameter, LockTimings timings) {

    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    static LockSettings read(SettingReader reader) {
        Duration ttl = reader.read(Setting.LOCK_TTL, Converters.POSITIVE_DURATION);
        Duration heartbeat = reader.read(Setting.LOCK_HEARTBEAT, Converters.POSITIVE_DURATION);
        Set<String> types = Set.copyOf(reader.read(Setting.LOCK_TYPES, Converters.listOf(
                Converters.matching(LockTimings.LOCK_TYPE, ""), "comma-separated lock types, each matching "
                        + LockTimings.LOCK_TYPE.pattern())));
        LockTiming global = new LockTiming(ttl, heartbeat, reader.read(Setting.LOCK_IDLE_TIMEOUT, Converters.DURATION_OR_ZERO),
                reader.read(Setting.LOCK_IDLE_WARNING, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOCK_RESERVATION, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOCK_HANDOVER_IDLE_AFTER, Converters.DURATION_OR_ZERO));
        return new LockSettings(ttl, heartbeat, reader.read(Setting.LOCK_MAX_HOLD, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOCK_FORCE_RELEASE_GRACE, Converters.DURATION_OR_ZERO), types,
                reader.read(Setting.LOCK_MAX_PER_SESSION, Converters.POSITIVE_INT),
                reader.read(Setting.LOCK_MAX_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.LOCK_QUEUE_MAX_PER_RECORD, Converters.POSITIVE_INT),
                reader.read(Setting.LOCK_QUEUE_MAX_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.LOCK_VIEWERS_MAX_PER_RECORD, Converters.POSITIVE_INT),
                reader.read(Setting.LOCK_WATCH_INTERVAL, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOCK_TOKEN_PARAMETER, Converters.matching(PARAMETER_NAME, "1-64 letters, digits, '.', '_' or '-'")),
                LockTimings.read(reader, global, types));
    }

    /** The timings of lock type {@code type}: its own {@code kickout.lock.type.<type>.*} over the global ones. */
    public LockTiming timing(String type) {
        return timings.of(type);
    }

    /** The longest lock TTL of any type (what keys that outlive a lock by a TTL must assume). */
    public Duration ttlMax() {
        return timings.ttlMax();
    }

    /** The longest idle warning of any type (how far ahead the lock watch looks). */
    public Duration idleWarningMax() {
        return timings.idleWarningMax();
    }
}
