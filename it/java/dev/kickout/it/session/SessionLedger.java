package dev.kickout.it.session;

import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The ids of the HttpSessions that ended, as any app's own listener sees them (added to the example's WAR). */
@WebListener
public class SessionLedger implements HttpSessionListener {

    static final Set<String> ENDED = ConcurrentHashMap.newKeySet();

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        ENDED.add(event.getSession().getId());
    }
}
