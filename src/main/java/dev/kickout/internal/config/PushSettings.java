package dev.kickout.internal.config;

import java.time.Duration;

/** Event streams ({@code kickout.sse.*}). */
public record PushSettings(Duration keepalive, int maxStreams, Duration ticketTtl, Duration replayAge, int maxStreamsPerUser,
                           int maxStreamsTotal, Duration maxAge) {

    static PushSettings read(SettingReader reader) {
        PushSettings settings = new PushSettings(reader.read(Setting.SSE_KEEPALIVE, Converters.POSITIVE_DURATION),
                reader.read(Setting.SSE_MAX_STREAMS, Converters.POSITIVE_INT),
                reader.read(Setting.SSE_TICKET_TTL, Converters.POSITIVE_DURATION),
                reader.read(Setting.SSE_REPLAY_AGE, Converters.POSITIVE_DURATION),
                reader.read(Setting.SSE_MAX_STREAMS_PER_USER, Converters.POSITIVE_INT),
                reader.read(Setting.SSE_MAX_STREAMS_TOTAL, Converters.POSITIVE_INT),
                reader.read(Setting.SSE_MAX_AGE, Converters.POSITIVE_DURATION));
        if (settings.ticketTtl().compareTo(Duration.ofSeconds(30)) > 0) {
            throw reader.invalid(Setting.SSE_TICKET_TTL, "a duration of at most PT30S");
        }
        return settings;
    }
}
