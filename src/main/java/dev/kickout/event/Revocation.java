package dev.kickout.event;

import java.io.Serializable;
import java.time.Instant;

/**
 * Why a session ended, as its dead token answers: {@code code} is {@code KICKED}, {@code REPLACED},
 * {@code LOGGED_OUT} or {@code EXPIRED}; {@code by} names who ended it (a user id, {@code system}, or null),
 * {@code reason} is the text they gave, {@code at} when.
 *
 * <p>In HttpSession mode the login page a kicked caller lands on finds it as the request and {@code HttpSession}
 * attribute {@value #ATTRIBUTE}, to say why in the user's words and, for a kick, who did it and why:
 * <pre>{@code
 * Revocation why = (Revocation) request.getAttribute(Revocation.ATTRIBUTE);   // null after an ordinary sign-out
 * }</pre>
 *
 * @since 1.0
 */
public record Revocation(String code, String by, String reason, Instant at) implements Serializable {

    /** The request and {@code HttpSession} attribute that tells an HttpSession-mode login page why its session ended. */
    public static final String ATTRIBUTE = "kickoutRevocation";

    public static final String KICKED = "KICKED";
    public static final String REPLACED = "REPLACED";
    public static final String LOGGED_OUT = "LOGGED_OUT";
    public static final String EXPIRED = "EXPIRED";
}
