package dev.kickout;

import java.util.List;

/**
 * What a kick by user id found: whom it meant, which sessions it ended, and, when it ended none, why. Returned by
 * {@link Kickout#tryKickUser} and {@link Kickout#tryKickDeviceType}, so a host can tell a typo or a user who
 * is not signed in from a kick that worked:
 *
 * <pre>{@code
 * KickResult result = kickout.tryKickUser(form.userId(), "Account disabled", actor);
 * switch (result.outcome()) {
 *     case KICKED -> flash("Signed out " + result.kicked().size() + " session(s) of " + result.userId());
 *     case UNKNOWN_USER -> flash("No one is signed in as " + result.userId());
 *     case NO_SESSION_OF_DEVICE_TYPE -> flash(result.userId() + " is not signed in on that device type");
 * }
 * }</pre>
 *
 * @param userId  the user id the kick meant: the id given, as sign-ins map theirs ({@code kickout.user-id.case},
 *                {@link dev.kickout.spi.UserIdMapping})
 * @param outcome what it found
 * @param kicked  the sessions it ended, empty unless {@link Outcome#KICKED}
 * @since 1.1
 */
public record KickResult(String userId, Outcome outcome, List<SessionView> kicked) {

    /** What a kick by user id found. */
    public enum Outcome {
        /** It ended one or more sessions ({@link #kicked()}). */
        KICKED,
        /**
         * No live session has this user id: Kickout knows a user only while signed in, so this is a user who
         * is not, or an id that no sign-in maps to (the REST kick answers 404 {@code NOT_FOUND} here).
         */
        UNKNOWN_USER,
        /** The user is signed in, but on no session of the device type given. */
        NO_SESSION_OF_DEVICE_TYPE
    }

    public KickResult {
        kicked = List.copyOf(kicked);
    }
}
