package dev.kickout.internal.session;

import java.io.Serializable;

/**
 * What an {@code HttpSession} holds in HttpSession mode: the token of the Kickout session opened for
 * its container login, and the caller it was opened for. Serializable, so it travels with a
 * distributable session to every instance that serves it, and with a session id change.
 */
record HttpSessionBinding(String token, String sessionId, String caller) implements Serializable {

    /** The {@code HttpSession} attribute holding the binding. */
    static final String ATTRIBUTE = "dev.kickout.session.binding";
    /** Set on the fresh {@code HttpSession} of a refused page load: the code the login page may show. */
    static final String REASON_ATTRIBUTE = "kickoutReason";
}
