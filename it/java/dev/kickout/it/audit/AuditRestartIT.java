package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The audit trail outlives the application: undeployed and deployed again, it lists what it recorded before.
 * Nothing of the module outlives its deployment in the server (its classes, beans, Redis client and timers
 * go with it), so this is the restart of everything the module keeps in memory, without the cost of a
 * server's.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuditRestartIT {

    private static final String APP = "audit-restart";

    @Deployment(name = APP, managed = false, testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("audit-restart.war", Map.of("kickout.key-prefix", "audit-restart"));
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    @Order(1)
    void deploys() {
        deployer.deploy(APP);
    }

    /** The deployment exists now, so Arquillian can give its URL. */
    @Test
    @Order(2)
    void auditEntriesOutliveTheApplication(@ArquillianResource @OperateOnDeployment(APP) URL base) {
        Api api = new Api(base);
        try {
            String admin = api.login("admin", "console").token();
            Login bob = api.login("bob", "web");
            api.delete("admin/sessions/" + bob.sessionId() + "?reason=before%20restart", admin).assertOk(200);
            JsonObject before = forceLogoutOf(api, admin, bob.sessionId());

            // a decision right before the application stops: its outbox entry is acknowledged before it is gone,
            // not left for the next instance's drainer to deliver again
            api.post("auth/logout", api.login("carol", "web").token(), null).assertOk(204);
            deployer.undeploy(APP);
            assertEquals(List.of(), TestRedis.client().getKeys().getKeysStreamByPattern(APP + ":*:ob").toList(),
                    "outbox entries left by the stopped application");
            deployer.deploy(APP);

            JsonObject after = forceLogoutOf(api, api.login("admin", "console").token(), bob.sessionId());
            assertEquals(before, after);
            assertEquals("before restart", after.getString("reason"));
            assertEquals("admin", after.getJsonObject("actor").getString("userId"));
            assertEquals("DONE", after.getString("outcome"));
        } finally {
            deployer.undeploy(APP);
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
