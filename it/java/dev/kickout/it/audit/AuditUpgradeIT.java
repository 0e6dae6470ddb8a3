package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.internal.redis.RedisKeys;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RStream;
import org.redisson.api.stream.StreamAddArgs;
import org.redisson.api.stream.StreamMessageId;
import org.redisson.client.codec.StringCodec;

/**
 * The trail written before the audit shards ({@code P:{audit}:force}, {@code :activity}) stays
 * listed after the upgrade, merged by id with the shards' entries, and nothing new is appended to it.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditUpgradeIT {

    private static final String PREFIX = "audit-upgrade";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("audit-upgrade.war", Map.of("kickout.key-prefix", PREFIX));
    }

    @ArquillianResource
    URL base;

    @Test
    void entriesOfTheUnshardedTrailAreStillListed() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        long oneMinuteAgo = System.currentTimeMillis() - 60_000;
        RStream<String, String> oldForce = TestRedis.client().getStream(
                RedisKeys.withPrefix(PREFIX).legacyAudit().get(0).toString(), StringCodec.INSTANCE);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("at", Long.toString(oneMinuteAgo));
        fields.put("action", "FORCE_LOGOUT");
        fields.put("target", "session:before-the-upgrade");
        fields.put("reason", "old");
        fields.put("outcome", "DONE");
        fields.put("actor.userId", "admin");
        fields.put("actor.sessionId", "");
        fields.put("actor.ip", "127.0.0.1");
        String oldId = oneMinuteAgo + "-0";
        oldForce.add(new StreamMessageId(oneMinuteAgo, 0), StreamAddArgs.entries(fields));

        Login bob = api.login("bob", "web");
        api.delete("admin/sessions/" + bob.sessionId() + "?reason=new", admin).assertOk(200);

        List<JsonObject> kicks = AuditPages.all(api, admin, "action=FORCE_LOGOUT", 5);
        assertEquals(List.of("session:" + bob.sessionId(), "session:before-the-upgrade"),
                kicks.stream().map(kick -> kick.getString("target")).toList(), "newest first, old trail included");
        assertEquals(oldId, kicks.get(1).getString("id"));
        assertEquals("old", kicks.get(1).getString("reason"));
        assertEquals(1, oldForce.size(), "nothing new is appended to the old trail");
        assertTrue(AuditShards.ids(AuditShards.force(PREFIX)).contains(kicks.get(0).getString("id")));
    }
}
