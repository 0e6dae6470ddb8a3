package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import java.net.URI;
import java.net.URL;
import legacy.forms.FormPages;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The legacy FORM-login WAR ({@code legacy.forms}) with the module in HttpSession mode, and its sign-in. */
public final class FormsWar {

    public static final String PREFIX = "forms";
    /** Every user's password in the realms of server-config (test fixtures). */
    public static final String PASSWORD = "form-login-pw";

    private static final String WEB_XML = """
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
              %s<security-constraint>
                <web-resource-collection>
                  <web-resource-name>pages</web-resource-name>
                  <url-pattern>/pages/*</url-pattern>
                </web-resource-collection>
                <auth-constraint><role-name>user</role-name></auth-constraint>
              </security-constraint>
              <login-config>
                <auth-method>FORM</auth-method>
                <realm-name>file</realm-name>
                <form-login-config>
                  <form-login-page>/login</form-login-page>
                  <form-error-page>/login</form-error-page>
                </form-login-config>
              </login-config>
              <security-role><role-name>user</role-name></security-role>
              <security-role><role-name>admin</role-name></security-role>
              %s</web-app>
            """;

    /**
     * The Faces screen {@code orders/order-edit.xhtml}, behind the same login; not under {@code /pages/},
     * whose path mapping ({@code FormPages}) would win over the {@code *.xhtml} extension mapping.
     */
    private static final String FACES_XML = """
            <servlet>
                <servlet-name>faces</servlet-name>
                <servlet-class>jakarta.faces.webapp.FacesServlet</servlet-class>
              </servlet>
              <servlet-mapping>
                <servlet-name>faces</servlet-name>
                <url-pattern>*.xhtml</url-pattern>
              </servlet-mapping>
              <security-constraint>
                <web-resource-collection>
                  <web-resource-name>faces pages</web-resource-name>
                  <url-pattern>/orders/*</url-pattern>
                </web-resource-collection>
                <auth-constraint><role-name>user</role-name></auth-constraint>
              </security-constraint>
            """;

    private static final String GLASSFISH_WEB_XML = """
            <glassfish-web-app>
              <session-config>
                <session-manager persistence-type="memory">
                  <manager-properties><property name="reapIntervalSeconds" value="1"/></manager-properties>
                </session-manager>
              </session-config>
            </glassfish-web-app>
            """;

    private FormsWar() {
    }

    /** The WAR: its pages, login page and listener, the module jar, HttpSession mode on, plus {@code settings}. */
    public static WebArchive archive(String name, String settings) {
        return archive(name, settings, false, false);
    }

    /**
     * The same WAR, with {@code <distributable/>}: its sessions live on every instance of a cluster. Its
     * {@link LaggingCopy} makes an instance's copy of a session look as it does before the last write reached it.
     */
    public static WebArchive distributable(String name, String settings) {
        return archive(name, settings, true, false).addClass(LaggingCopy.class);
    }

    /**
     * The same WAR with its Faces screen: {@code orders/order-edit.xhtml?order=<id>} edits an order under
     * {@code <kickout:editLock>} and saves it through the guarded {@code OrderDesk.save}.
     */
    public static WebArchive withFaces(String name, String settings) {
        return archive(name, settings, false, true)
                .addAsWebResource("forms/order-edit.xhtml", "orders/order-edit.xhtml");
    }

    private static WebArchive archive(String name, String settings, boolean distributable, boolean faces) {
        String nearCache = System.getProperty(Deployments.NEAR_CACHE_OVERRIDE, "");
        WebArchive war = ShrinkWrap.create(WebArchive.class, name)
                .addPackage(FormPages.class.getPackage())
                .addAsWebInfResource(new StringAsset(WEB_XML.formatted(distributable ? "<distributable/>\n  " : "",
                        faces ? FACES_XML : "")), "web.xml")
                // WildFly: the realm of server-config/wildfly/form-login-realm.cli; Payara: its file realm
                .addAsWebInfResource(new StringAsset("<jboss-web><security-domain>kickout-form</security-domain></jboss-web>"),
                        "jboss-web.xml")
                // Payara: look for timed-out sessions every second, not every minute
                .addAsWebInfResource(new StringAsset(GLASSFISH_WEB_XML), "glassfish-web.xml")
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset((settings.contains("kickout.key-prefix=") ? "" : "kickout.key-prefix=" + PREFIX + "\n")
                        + "kickout.http-session.enabled=true\n"
                        + "kickout.filter.include=/pages/*\n"
                        + (nearCache.isBlank() ? "" : "kickout.session.near-cache=" + nearCache.trim() + "\n") + settings),
                        "META-INF/microprofile-config.properties");
        return Deployments.withModule(war);
    }

    /** Signs in through the container's form, as a browser: the protected page shows the login page, the form posts. */
    public static CookieClient signIn(URL base, String user) {
        CookieClient client = new CookieClient(URI.create(base.toString()));
        Reply login = client.page("pages/home");
        assertTrue(login.body().contains("j_security_check"), login.status() + " " + login.body());
        Reply posted = client.postForm("j_security_check", CookieClient.form("j_username", user, "j_password", PASSWORD), null);
        assertTrue(posted.status() == 302 || posted.status() == 303, posted.status() + " " + posted.body());
        Reply home = client.page("pages/home");
        assertEquals(200, home.status(), home.body());
        assertTrue(home.body().contains("<h1 id=\"user\">" + user + "</h1>"), home.body());
        return client;
    }

    /** Signs in through the container's form without asking that the first page after it be answered. */
    public static CookieClient signInRacing(URL base, String user) {
        CookieClient client = new CookieClient(URI.create(base.toString()));
        client.page("pages/home");
        client.postForm("j_security_check", CookieClient.form("j_username", user, "j_password", PASSWORD), null);
        client.page("pages/home");
        return client;
    }

    /** Kicks one session as the admin client does from the console, with its CSRF token. */
    public static Reply kick(CookieClient admin, String sessionId, String reason) {
        return admin.send(admin.request("kickout/api/admin/sessions/" + sessionId + "?reason="
                + reason.replace(" ", "%20"), "X-CSRF-Token", admin.cookie("KICKOUT_CSRF")).DELETE());
    }
}
