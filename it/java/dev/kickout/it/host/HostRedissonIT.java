package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
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
 * A host with its own Redisson client hands it to the module ({@link HostRedisson}, a
 * {@code @ForKickout} producer): the module's logins, checks and logouts go through that client,
 * and the module never shuts it down.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostRedissonIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "host-redisson.war")
                .addClasses(HostIdentityStore.class, HostApplication.class, HostRedisson.class,
                        HostRedissonResource.class)
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset("kickout.key-prefix=host-redisson\n"),
                        "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    @Test
    void theModuleWorksThroughTheHostsClient() {
        Api module = new Api(URI.create(base.toString()).resolve("kickout/api/"));
        Api host = new Api(URI.create(base.toString()).resolve("app/"));

        int before = host.get("host/redisson", null).assertOk(200).getInt("calls");
        JsonObject login = module.tryLogin("clerk", "clerk-pw", "web", "host-redisson-1").assertOk(200);
        String token = login.getString("token");
        module.get("auth/me", token).assertOk(200);
        module.post("auth/logout", token, null).assertOk(204);
        module.get("auth/me", token).assertProblem(401, "LOGGED_OUT");

        JsonObject after = host.get("host/redisson", null).assertOk(200);
        // a login, a check and a logout are several scripts: they all went through the host's client
        assertTrue(after.getInt("calls") >= before + 3, "calls through the host's client: " + before + " -> " + after);
        assertEquals(0, after.getInt("shutdowns"));
        assertTrue(after.getBoolean("open"));
    }
}
