package legacy.forms;

import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The app's own record of its HttpSessions that ended, by id, as any app's listener would see them. */
@WebListener
public class SessionLedger implements HttpSessionListener {

    static final Set<String> ENDED = ConcurrentHashMap.newKeySet();

    @Override
    public void sessionDestroyed(HttpSessionEvent event) {
        ENDED.add(event.getSession().getId());
    }
}
