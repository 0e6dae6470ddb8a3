package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerUnderTest;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Map;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The audit trail survives a restart of the app server (instance "c", started and restarted by this test). */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditRestartIT {

    private static final String SERVER = "c";
    private static final String APP = "audit-app";

    @Deployment(name = APP, managed = false, testable = false)
    @TargetsContainer(SERVER)
    static WebArchive deployment() {
        return Deployments.referenceWar("kickout.war", Map.of("kickout.key-prefix", "audit-restart"));
    }

    @ArquillianResource
    ContainerController servers;

    @ArquillianResource
    Deployer deployer;

    @Test
    void auditEntriesOutliveTheServer() {
        Api api = new Api(ServerUnderTest.current().restartableContextRoot().resolve("api/"));
        JsonObject before;
        try {
            servers.start(SERVER);
            deployer.deploy(APP);
            String admin = api.login("admin", "console").token();
            Login bob = api.login("bob", "web");
            api.delete("admin/sessions/" + bob.sessionId() + "?reason=before%20restart", admin).assertOk(200);
            before = forceLogoutOf(api, admin, bob.sessionId());

            deployer.undeploy(APP);
            servers.stop(SERVER);
            servers.start(SERVER);
            deployer.deploy(APP);

            JsonObject after = forceLogoutOf(api, api.login("admin", "console").token(), bob.sessionId());
            assertEquals(before, after);
            assertEquals("before restart", after.getString("reason"));
            assertEquals("admin", after.getJsonObject("actor").getString("userId"));
            assertEquals("DONE", after.getString("outcome"));
        } finally {
            deployer.undeploy(APP);
            servers.stop(SERVER);
        }
    }

    private static JsonObject forceLogoutOf(Api api, String admin, String sessionId) {
        return api.get("admin/audit?limit=100", admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject)
                .filter(e -> e.getString("action").equals("FORCE_LOGOUT"))
                .filter(e -> e.getString("target").equals("session:" + sessionId))
                .findFirst().orElseThrow(() -> new AssertionError("no FORCE_LOGOUT entry for " + sessionId));
    }
}
