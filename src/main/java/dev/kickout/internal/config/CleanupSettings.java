package dev.kickout.internal.config;

import java.time.Duration;

/** The sweeper of orphaned lock data and stale index entries ({@code kickout.cleanup.*}). */
public record CleanupSettings(Duration interval, int batch) {

    static CleanupSettings read(SettingReader reader) {
        return new CleanupSettings(reader.read(Setting.CLEANUP_INTERVAL, Converters.POSITIVE_DURATION),
                reader.read(Setting.CLEANUP_BATCH, Converters.POSITIVE_INT));
    }
}
