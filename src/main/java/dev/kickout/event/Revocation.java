package dev.kickout.event;

import java.time.Instant;

/**
 * Why a session ended, as its dead token answers: {@code code} is {@code KICKED}, {@code REPLACED},
 * {@code LOGGED_OUT} or {@code EXPIRED}; {@code by} names who ended it (a user id, {@code system}, or null),
 * {@code reason} is the text they gave, {@code at} when.
 *
 * @since 1.0
 */
public record Revocation(String code, String by, String reason, Instant at) {

    public static final String KICKED = "KICKED";
    public static final String REPLACED = "REPLACED";
    public static final String LOGGED_OUT = "LOGGED_OUT";
    public static final String EXPIRED = "EXPIRED";
}
