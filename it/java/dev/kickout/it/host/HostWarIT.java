package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A different host WAR: only the module jar (target/kickout.jar) and its libraries in
 * WEB-INF/lib, its own identity store, Application and endpoint, and the module's REST root moved to
 * /rest by web.xml, which also maps the module's filter ahead of a host filter of its own.
 * The filter, beans and endpoints come along, and appear exactly once.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostWarIT {

    /**
     * The Jakarta REST way (spec 2.3.2) to move an Application's servlet: a servlet named after the class,
     * without servlet-class, and its mapping. Payara 6 refuses a mapping alone ("There is no web component by
     * the name of dev.kickout.KickoutApplication"); WildFly takes either form.
     */
    private static final String WEB_XML = """
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
              <servlet>
                <servlet-name>dev.kickout.KickoutApplication</servlet-name>
              </servlet>
              <servlet-mapping>
                <servlet-name>dev.kickout.KickoutApplication</servlet-name>
                <url-pattern>/rest/*</url-pattern>
              </servlet-mapping>
              <filter>
                <filter-name>host-filter</filter-name>
                <filter-class>dev.kickout.it.host.HostFilter</filter-class>
              </filter>
              <filter-mapping>
                <filter-name>kickout-token-filter</filter-name>
                <url-pattern>/*</url-pattern>
              </filter-mapping>
              <filter-mapping>
                <filter-name>host-filter</filter-name>
                <url-pattern>/*</url-pattern>
              </filter-mapping>
            </web-app>
            """;

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "host.war")
                .addClasses(HostIdentityStore.class, HostResource.class, HostApplication.class, HostFilter.class)
                .addAsWebInfResource(new StringAsset(WEB_XML), "web.xml")
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                // the host's own paths only: the moved root is guarded by itself, and no host setting un-guards it
                .addAsResource(new StringAsset("kickout.key-prefix=host\nkickout.filter.include=/app/*\n"
                                + "kickout.filter.exclude=/rest/*,/rest/locks/*\n"),
                        "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    @Test
    void theModuleWorksInsideAnotherWar() {
        Api api = new Api(URI.create(base.toString()).resolve("rest/"));
        Reply login = api.tryLogin("clerk", "clerk-pw", "web", "host-1");
        JsonObject body = login.assertOk(200);
        String token = body.getString("token");

        Api app = new Api(URI.create(base.toString()).resolve("app/"));
        Reply helloReply = app.get("host/hello", token);
        JsonObject hello = helloReply.assertOk(200);
        // the module's filter, declared in its web-fragment.xml, mapped first in web.xml: the host's filter sees the caller
        assertEquals("clerk", helloReply.header("X-Host-Filter"));
        assertEquals("clerk", hello.getString("principal"));
        assertTrue(hello.getBoolean("clerk"));
        assertEquals(body.getJsonObject("session").getString("sessionId"), hello.getString("sessionId"));

        app.get("host/hello", null).assertProblem(401, "TOKEN_MISSING");
        api.get("auth/me", token).assertOk(200);
        // scanned into the host's own Application too, but not served there
        assertEquals(404, app.get("auth/me", token).status());
        api.tryLogin("alice", "alice", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
    }

    @Test
    void noHostSettingUnguardsTheModulesEndpoints() {
        Api api = new Api(URI.create(base.toString()).resolve("rest/"));
        String token = api.tryLogin("clerk", "clerk-pw", "web", "host-2").assertOk(200).getString("token");
        api.post("locks/order/o-guarded", null, null).assertProblem(401, "TOKEN_MISSING");
        JsonObject lock = api.post("locks/order/o-guarded", token, null).assertOk(201);
        assertEquals("clerk", lock.getJsonObject("holder").getString("username"));
        api.get("auth/me", token).assertOk(200);
        api.get("auth/me", "not-a-token").assertProblem(401, "TOKEN_INVALID");
    }

    @Test
    void theModuleJarServesTheBrowserClient() {
        Reply script = new Api(base).get("../kickout/kickout-client.js", null);
        assertEquals(200, script.status());
        assertTrue(String.valueOf(script.header("Content-Type")).contains("javascript"), script.header("Content-Type"));
        assertTrue(script.body().contains("export class KickoutClient"));
    }

    @Test
    void theEndpointsAppearOnlyUnderTheMovedRoot() {
        Api old = new Api(base);
        assertEquals(404, old.get("auth/status", null).status());
        assertEquals(404, old.get("host/hello", null).status());
        Api defaultRoot = new Api(URI.create(base.toString()).resolve("kickout/api/"));
        assertEquals(404, defaultRoot.get("auth/status", null).status());
    }
}
