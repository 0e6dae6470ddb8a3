package dev.kickout.internal.config;

import java.time.Duration;

/** The outbox of decisions' follow-ups and its drainers ({@code kickout.outbox.*}). */
public record OutboxSettings(Duration grace, Duration interval, Duration maxAge) {

    static OutboxSettings read(SettingReader reader) {
        return new OutboxSettings(reader.read(Setting.OUTBOX_GRACE, Converters.POSITIVE_DURATION),
                reader.read(Setting.OUTBOX_INTERVAL, Converters.POSITIVE_DURATION),
                reader.read(Setting.OUTBOX_MAX_AGE, Converters.POSITIVE_DURATION));
    }
}
