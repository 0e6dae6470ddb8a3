package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import jakarta.transaction.Status;
import java.net.URL;
import java.time.Instant;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The reference app writes every audit entry to its database as well (kickout.audit.datasource =
 * java:comp/DefaultDataSource) and answers /admin/audit from there: the Redis streams may go. The
 * sink writes in a transaction of its own, so an entry recorded in a caller's transaction that
 * rolls back stays.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditSinkIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar().addClass(AuditRollbackResource.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theDatabaseAnswersWhenRedisLostTheStreams() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        Login carol = api.login("carol", "sink-web");
        api.delete("admin/sessions/" + carol.sessionId() + "?reason=sink%0Acheck", admin).assertOk(200);
        String target = "session:" + carol.sessionId();
        String rolledBack = "it:rollback-" + carol.sessionId();
        JsonObject caller = api.post("app/it/audit-rollback?" + AuditPages.param("target", rolledBack), admin, null)
                .assertOk(200);
        assertEquals(Status.STATUS_ACTIVE, caller.getInt("callerTransactionStatus"), "recorded inside a transaction");

        String[] streams = java.util.stream.Stream.concat(AuditShards.force("kickout").stream(),
                AuditShards.activity("kickout").stream()).toArray(String[]::new);
        TestRedis.client().getKeys().delete(streams);
        assertEquals(0, TestRedis.client().getKeys().countExists(streams));

        List<JsonObject> found = find(api, admin, "action=FORCE_LOGOUT&actor=admin&" + target(target));
        assertEquals(1, found.size(), found::toString);
        JsonObject entry = found.get(0);
        assertEquals("sink\ncheck", entry.getString("reason"));
        assertEquals("carol", entry.getJsonObject("details").getString("userId"));
        assertEquals("admin", entry.getJsonObject("actor").getString("userId"));
        assertEquals("DONE", entry.getString("outcome"));

        Instant at = Instant.parse(entry.getString("at"));
        assertEquals(1, find(api, admin, target(target) + "&" + range(at.minusSeconds(1), at.plusMillis(1))).size());
        assertEquals(0, find(api, admin, target(target) + "&" + range(at.plusMillis(1), at.plusSeconds(1))).size());
        assertEquals(0, find(api, admin, target(target) + "&" + range(at.minusSeconds(1), at)).size(), "to is exclusive");
        assertEquals(0, find(api, admin, "action=FORCE_LOGOUT&actor=carol&" + target(target)).size());
        assertEquals(0, find(api, admin, "action=LOGOUT&" + target(target)).size());
        assertEquals(0, find(api, admin, target(target) + "x").size());
        assertEquals(1, find(api, admin, target(target) + "&before=" + Long.MAX_VALUE + "-0").size());
        assertEquals(0, find(api, admin, target(target) + "&before=" + entry.getString("id")).size());
        assertEquals(0, api.get("admin/audit?before=0-0", admin).assertOk(200).getJsonArray("items").size());
        assertEquals(1, find(api, admin, "action=LOGOUT&" + target(rolledBack)).size(),
                "the sink's own transaction committed although the caller's rolled back");
        api.get("admin/audit?before=0-0-0", admin).assertProblem(400, "INVALID_REQUEST");
        api.get("admin/audit?to=tomorrow", admin).assertProblem(400, "INVALID_REQUEST");
    }

    private static List<JsonObject> find(Api api, String admin, String filters) {
        return AuditPages.all(api, admin, filters, 3);
    }

    private static String target(String target) {
        return AuditPages.param("target", target);
    }

    private static String range(Instant from, Instant to) {
        return AuditPages.param("from", from.toString()) + "&" + AuditPages.param("to", to.toString());
    }
}
