package dev.kickout.internal.config;

import java.time.Duration;

/** Logins: the policy, the caps per user, the throttle and the device cookies ({@code kickout.login.*}). */
public record LoginSettings(LoginPolicy policy, int maxSessions, WhenFull whenFull, int maxSessionsPerUser,
                            int maxDeviceTypes, int maxTombstonesPerUser, Duration throttleWindow, int throttleMaxPerUser,
                            int throttleMaxPerAddress, int throttleMaxPerUserAndAddress, int throttleMaxPerDevice,
                            Duration deviceLifetime, int devicesPerUser) {

    /** What a login does to the user's other sessions. */
    public enum LoginPolicy { MULTI, SINGLE, PER_DEVICE_TYPE, MAX_SESSIONS }

    /** What {@link LoginPolicy#MAX_SESSIONS} does with one login too many. */
    public enum WhenFull { EVICT_OLDEST, REJECT }

    static LoginSettings read(SettingReader reader) {
        LoginSettings settings = new LoginSettings(reader.read(Setting.LOGIN_POLICY, Converters.oneOf(LoginPolicy.class)),
                reader.read(Setting.LOGIN_MAX_SESSIONS, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_WHEN_FULL, Converters.oneOf(WhenFull.class)),
                reader.read(Setting.LOGIN_MAX_SESSIONS_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_MAX_DEVICE_TYPES, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_MAX_TOMBSTONES_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_THROTTLE_WINDOW, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOGIN_THROTTLE_MAX_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_THROTTLE_MAX_PER_ADDRESS, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_THROTTLE_MAX_PER_USER_AND_ADDRESS, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_THROTTLE_MAX_PER_DEVICE, Converters.POSITIVE_INT),
                reader.read(Setting.LOGIN_DEVICE_LIFETIME, Converters.POSITIVE_DURATION),
                reader.read(Setting.LOGIN_DEVICES_PER_USER, Converters.POSITIVE_INT));
        if (settings.maxSessions() > settings.maxSessionsPerUser()) {
            throw reader.invalid(Setting.LOGIN_MAX_SESSIONS, "at most " + Setting.LOGIN_MAX_SESSIONS_PER_USER.key()
                    + " (" + settings.maxSessionsPerUser() + ")");
        }
        return settings;
    }
}
