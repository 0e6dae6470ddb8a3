package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/** Two deployments with different key prefixes on one Redis never see or touch each other's sessions. */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PrefixIsolationIT {

    @Deployment(name = "a", testable = false)
    static WebArchive a() {
        return Deployments.referenceWar("tenant-a.war", Map.of("kickout.key-prefix", "tenant-a"));
    }

    @Deployment(name = "b", testable = false)
    static WebArchive b() {
        return Deployments.referenceWar("tenant-b.war", Map.of("kickout.key-prefix", "tenant-b"));
    }

    @ArquillianResource
    @OperateOnDeployment("a")
    URL baseA;

    @ArquillianResource
    @OperateOnDeployment("b")
    URL baseB;

    @Test
    void prefixesIsolateSessions() {
        Api a = new Api(baseA);
        Api b = new Api(baseB);
        Login aliceOnA = a.login("alice", "web");
        String adminOnB = b.login("admin", "console").token();

        b.get("auth/me", aliceOnA.token()).assertProblem(401, "TOKEN_INVALID");
        assertEquals(0, b.get("admin/sessions?userId=alice", adminOnB).assertOk(200).getInt("total"));
        assertFalse(b.get("admin/sessions?limit=500", adminOnB).body().contains(aliceOnA.sessionId()));
        b.post("admin/users/alice/logout", adminOnB, "{\"reason\":\"wrong tenant\"}").assertProblem(404, "NOT_FOUND");
        b.delete("admin/sessions/" + aliceOnA.sessionId(), adminOnB).assertProblem(404, "NOT_FOUND");

        a.get("auth/me", aliceOnA.token()).assertOk(200);
    }

    @Test
    void eachPrefixIsMarkedWithItsLayoutVersion() {
        new Api(baseA).login("alice", "web");
        for (String prefix : List.of("tenant-a", "tenant-b")) {
            assertEquals("1", TestRedis.client().getBucket(prefix + ":layout", StringCodec.INSTANCE).get(), prefix);
        }
    }
}
