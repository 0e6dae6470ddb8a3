package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Examples;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HttpSession mode without {@code kickout.session.ttl}: a shift app's eight-hour {@code <session-timeout>} is the
 * Kickout session's idle timeout too, so an active user is not signed out after the module's default half hour.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SessionTimeoutIT {

    private static final int SHIFT_MINUTES = 480;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Examples.edit(FormsWar.archive("forms-shift.war", ""), "WEB-INF/web.xml",
                xml -> xml.replace("<session-timeout>30</session-timeout>", "<session-timeout>" + SHIFT_MINUTES + "</session-timeout>"));
    }

    @ArquillianResource
    URL base;

    @Test
    void theKickoutSessionIdlesOutWithTheAppsHttpSession() {
        CookieClient frank = FormsWar.signIn(base, "frank");
        CookieClient admin = FormsWar.signIn(base, "admin");
        JsonObject session = admin.get("kickout/api/admin/sessions?userId=frank", "Accept", "application/json")
                .assertOk(200).getJsonArray("items").getJsonObject(0);
        Duration idle = Duration.between(Instant.parse(session.getString("lastSeen")), Instant.parse(session.getString("expiresAt")));
        // lastSeen and expiresAt come from one write; a minute either way allows for a touch in between
        assertTrue(idle.compareTo(Duration.ofMinutes(SHIFT_MINUTES - 1)) >= 0
                && idle.compareTo(Duration.ofMinutes(SHIFT_MINUTES + 1)) <= 0, idle + " in " + session);
        assertEquals(200, frank.get(FormsWar.ME).status());
    }
}
