package dev.kickout.internal.session;

import dev.kickout.event.Revocation;
import java.time.Instant;

/**
 * What is left of a revoked session: why it ended, who ended it and when. A dead token answers
 * with these for as long as it could have lived.
 *
 * @param code   {@code KICKED}, {@code REPLACED}, {@code LOGGED_OUT} or {@code EXPIRED}
 * @param by     the actor's user id, or {@code null}
 * @param reason free text from the actor, or a fixed phrase for policy replacements
 * @param at     when it happened
 */
public record Tombstone(String code, String by, String reason, Instant at) {

    public static final String KICKED = "KICKED";
    public static final String REPLACED = "REPLACED";
    public static final String LOGGED_OUT = "LOGGED_OUT";
    public static final String EXPIRED = "EXPIRED";

    /** The view events carry. */
    public Revocation view() {
        return new Revocation(code, by, reason, at);
    }

    public static Tombstone of(Revocation revocation) {
        return new Tombstone(revocation.code(), revocation.by(), revocation.reason(), revocation.at());
    }
}
