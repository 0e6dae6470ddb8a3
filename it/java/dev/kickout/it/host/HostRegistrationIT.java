package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 * A host that serves the module from its own Application ({@link RegisteringApplication}:
 * {@code KickoutResources.classes()} plus its own resource, at /api) with
 * {@code kickout.rest.own-application=false}: the endpoints, their JSON and their refusals work there,
 * appear nowhere else, and routing errors stay the host's.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostRegistrationIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "registering.war")
                .addClasses(HostIdentityStore.class, HostResource.class, RegisteringApplication.class)
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset("kickout.key-prefix=registering\nkickout.rest.own-application=false\n"
                        + "kickout.filter.include=/api/*\nkickout.filter.exclude=/api/auth/login,/api/events\n"),
                        "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    @Test
    void theModuleAnswersInTheHostsApplication() {
        Api api = new Api(URI.create(base.toString()).resolve("api/"));
        String token = api.tryLogin("clerk", "clerk-pw", "web", "reg-1").assertOk(200).getString("token");
        JsonObject me = api.get("auth/me", token).assertOk(200);
        assertEquals("clerk", me.getString("username"));
        api.get("auth/me", null).assertProblem(401, "TOKEN_MISSING");
        api.tryLogin("clerk", "wrong", "web", "reg-1").assertProblem(401, "BAD_CREDENTIALS");
        assertEquals("clerk", api.post("locks/document/reg-1", token, null).assertOk(201).getJsonObject("holder").getString("username"));
        assertEquals("clerk", api.get("host/hello", token).assertOk(200).getString("principal"));

        // the module's own root is off, so each endpoint appears once
        Api own = new Api(URI.create(base.toString()).resolve("kickout/api/"));
        assertEquals(404, own.get("auth/status", token).status());
        // a routing error in the host's Application is the host's (the container's default), not a module problem
        Reply unknown = api.get("no/such/thing", token);
        assertEquals(404, unknown.status());
        assertFalse(String.valueOf(unknown.header("Content-Type")).contains("problem+json"), unknown::body);
    }
}
