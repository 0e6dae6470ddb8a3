package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.host.bare.BareApplication;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import dev.kickout.it.http.Deployments;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.util.List;
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
 * The admin check cannot be left out: a host whose own Application lists only
 * {@code KickoutResources.resources()}, without the module's providers (so without its name-bound admin
 * filter and its exception mapper), still answers 403 FORBIDDEN (problem+json) to a caller without the admin
 * role on every admin endpoint, and 200 to an administrator.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AdminCheckIT {

    private static final String SERVER = System.getProperty("kickout.it.server", "wildfly");

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "bare.war")
                .addPackage(BareApplication.class.getPackage())
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset("kickout.key-prefix=bare\nkickout.rest.own-application=false\n"
                        + "kickout.filter.include=/api/*\nkickout.filter.exclude=/api/auth/login,/api/events\n"
                        + "kickout.login.policy=MULTI\n"), "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    private Api api() {
        return new Api(URI.create(base.toString()).resolve("api/"));
    }

    @Test
    void aCallerWithoutTheAdminRoleIsRefusedEveryAdminOperation() {
        Api api = api();
        String clerk = api.tryLogin("clerk", "clerk-pw", "web", "bare-1").assertOk(200).getString("token");
        String root = api.tryLogin("root", "root-pw", "web", "bare-2").assertOk(200).getString("token");
        String rootSession = api.get("auth/me", root).assertOk(200).getString("sessionId");

        List<Reply> refused = List.of(
                api.get("admin/sessions", clerk),
                api.get("admin/users/online", clerk),
                api.post("admin/users/root/logout", clerk, "{\"reason\":\"bare\"}"),
                api.delete("admin/sessions/" + rootSession, clerk),
                api.get("admin/locks", clerk),
                api.post("admin/locks/order/o-1/release", clerk, "{\"reason\":\"bare\"}"),
                api.get("admin/audit", clerk),
                api.get("admin/streams", clerk));
        for (Reply reply : refused) {
            JsonObject problem = reply.assertProblem(403, "FORBIDDEN");
            assertTrue(problem.getString("detail").contains("admin"), problem::toString);
        }
        System.out.println("[figure] admin-check (" + SERVER + ", host Application without the module's providers): "
                + refused.size() + " admin operations by a non-admin -> 403 FORBIDDEN " + refused.get(0).header("Content-Type"));

        api.get("auth/me", root).assertOk(200);
        assertTrue(api.get("admin/sessions", root).assertOk(200).getInt("total") >= 2);
        api.get("admin/users/online", root).assertOk(200);
        api.get("admin/locks", root).assertOk(200);
        api.get("admin/audit", root).assertOk(200);
        api.get("admin/streams", root).assertOk(200);
        api.get("admin/sessions", null).assertProblem(401, "TOKEN_MISSING");
    }
}
