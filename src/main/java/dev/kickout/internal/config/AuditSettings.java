package dev.kickout.internal.config;

import java.time.Duration;

/**
 * The audit trail ({@code kickout.audit.*}).
 *
 * @param dataSource the JNDI name of the durable sink's DataSource; empty when there is none
 */
public record AuditSettings(Duration retention, int activityCapacity, Duration denialWindow, String dataSource) {

    static AuditSettings read(SettingReader reader) {
        return new AuditSettings(reader.read(Setting.AUDIT_RETENTION, Converters.POSITIVE_DURATION),
                reader.read(Setting.AUDIT_ACTIVITY_CAPACITY, Converters.POSITIVE_INT),
                reader.read(Setting.AUDIT_DENIAL_WINDOW, Converters.POSITIVE_DURATION),
                reader.raw(Setting.AUDIT_DATASOURCE));
    }
}
