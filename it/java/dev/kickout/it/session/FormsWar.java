package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Examples;
import dev.kickout.it.http.Reply;
import java.net.URI;
import java.net.URL;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The FORM-login example ({@code examples/faces-form-login}) as its build made it, with the module in HttpSession
 * mode as the example configures it, plus what the tests observe it through ({@link FormsProbe},
 * {@link SessionLedger}, {@link SessionStatus}) and settings of their own; and signing in as a browser does.
 */
public final class FormsWar {

    public static final String EXAMPLE = "faces-form-login";
    public static final String PREFIX = "forms";
    /** Every user's password in the test servers' realms (test fixtures: server-config/wildfly/form-login, payara). */
    public static final String PASSWORD = "form-login-pw";
    /** A page of the example behind its login. */
    public static final String HOME = "orders/list.xhtml";
    public static final String ME = "orders/probe/me";

    /** Payara: look for timed-out sessions every second, not every minute (the example's role mapping kept). */
    private static final String REAP_EVERY_SECOND = """
              <session-config>
                <session-manager persistence-type="memory">
                  <manager-properties><property name="reapIntervalSeconds" value="1"/></manager-properties>
                </session-manager>
              </session-config>
            </glassfish-web-app>""";

    private FormsWar() {
    }

    /** The example's WAR as {@code name}, with {@code settings} after its own (key prefix {@value #PREFIX} unless set). */
    public static WebArchive archive(String name, String settings) {
        String prefix = settings.contains("kickout.key-prefix=") ? "" : "kickout.key-prefix=" + PREFIX + "\n";
        WebArchive war = Examples.war(EXAMPLE, name, prefix + settings)
                .addClasses(FormsProbe.class, SessionLedger.class, SessionStatus.class);
        return Examples.edit(war, "WEB-INF/glassfish-web.xml", xml -> xml.replace("</glassfish-web-app>", REAP_EVERY_SECOND));
    }

    /** The same WAR made {@code <distributable/>}, with {@link LaggingCopy}. */
    public static WebArchive distributable(String name, String settings) {
        return Examples.edit(archive(name, settings), "WEB-INF/web.xml",
                xml -> xml.replace("<display-name>", "<distributable/>\n    <display-name>")).addClass(LaggingCopy.class);
    }

    /** Signs in through the container's form, as a browser: the protected page shows the login page, the form posts. */
    public static CookieClient signIn(URL base, String user) {
        CookieClient client = new CookieClient(URI.create(base.toString()));
        Reply login = client.page(HOME);
        assertTrue(login.body().contains("j_security_check"), login.status() + " " + login.body());
        Reply posted = client.postForm("j_security_check", CookieClient.form("j_username", user, "j_password", PASSWORD), null);
        assertTrue(posted.status() == 302 || posted.status() == 303, posted.status() + " " + posted.body());
        Reply home = client.page(HOME);
        assertEquals(200, home.status(), home.body());
        assertTrue(home.body().contains("data-user=\"" + user + "\""), home.body());
        return client;
    }

    /** Signs in through the container's form without asking that the first page after it be answered. */
    public static CookieClient signInRacing(URL base, String user) {
        CookieClient client = new CookieClient(URI.create(base.toString()));
        client.page(HOME);
        client.postForm("j_security_check", CookieClient.form("j_username", user, "j_password", PASSWORD), null);
        client.page(HOME);
        return client;
    }

    /** Whether a page is the example's login page telling why the last session ended with {@code code}. */
    public static boolean saysWhy(Reply page, String code) {
        return page.body().contains("j_security_check") && page.body().contains("data-code=\"" + code + "\"");
    }

    /** Kicks one session as the admin client does from the console, with its CSRF token. */
    public static Reply kick(CookieClient admin, String sessionId, String reason) {
        return admin.send(admin.request("kickout/api/admin/sessions/" + sessionId + "?reason="
                + reason.replace(" ", "%20"), "X-CSRF-Token", admin.cookie("KICKOUT_CSRF")).DELETE());
    }
}
