package dev.kickout.internal.config;

import java.util.Locale;

/** {@code kickout.user-id.case}: how user ids are folded after the host's mapping. */
public enum UserIdCase {
    /** As the mapping or the container gave them, as in 1.0. */
    AS_IS,
    /** Lower case in {@link Locale#ROOT}: {@code Alice} and {@code ALICE} are {@code alice}. */
    LOWER;

    public String apply(String userId) {
        return this == LOWER ? userId.toLowerCase(Locale.ROOT) : userId;
    }
}
