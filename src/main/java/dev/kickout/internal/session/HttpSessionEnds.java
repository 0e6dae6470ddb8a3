package dev.kickout.internal.session;

import jakarta.inject.Inject;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;

/**
 * Tells HttpSession mode when an {@code HttpSession} ends (logout, {@code invalidate()}, timeout), so
 * its Kickout session ends with it. Declared in the module's {@code web-fragment.xml}; does nothing
 * unless {@code kickout.http-session.enabled}.
 */
public class HttpSessionEnds implements HttpSessionListener {

    @Inject
    HttpSessionLogins logins;

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        if (logins.enabled()) {
            logins.ended(event.getSession());
        }
    }
}
