package dev.kickout.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Entries leave Redis by age ({@code kickout.audit.retention}); bad cursors and filters answer 400 (Redis path). */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditRetentionIT {

    private static final String PREFIX = "audit-retention";
    private static final Duration RETENTION = Duration.ofSeconds(2);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("audit-retention.war", Map.of("kickout.key-prefix", PREFIX,
                "kickout.audit.retention", RETENTION.toString(), "kickout.cleanup.interval", "PT1S"));
    }

    @ArquillianResource
    URL base;

    @Test
    void entriesOlderThanTheRetentionAreDropped() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        Login first = api.login("bob", "web");
        api.delete("admin/sessions/" + first.sessionId() + "?reason=old", admin).assertOk(200);
        JsonObject old = only(api, admin, first.sessionId());
        Instant oldAt = Instant.parse(old.getString("at"));

        Instant deadline = Instant.now().plus(RETENTION.multipliedBy(10));
        while (!kicks(api, admin, first.sessionId()).isEmpty()) {
            assertTrue(Instant.now().isBefore(deadline), "the old entry is still listed after " + RETENTION.multipliedBy(10));
        }
        Duration listedFor = Duration.between(oldAt, Instant.now());
        assertTrue(listedFor.compareTo(RETENTION.minusMillis(200)) >= 0, "dropped only after the retention: " + listedFor);

        Login second = api.login("bob", "web");
        api.delete("admin/sessions/" + second.sessionId() + "?reason=new", admin).assertOk(200);
        JsonObject fresh = only(api, admin, second.sessionId());
        // the append trims its own audit shard; the sweeper (every second here) trims every shard
        Set<String> onlyFresh = Set.of(fresh.getString("id"));
        Wait.until(Duration.ofSeconds(30),
                stored -> "the old force entry trimmed away in every shard: " + stored + " stored, " + onlyFresh + " expected",
                () -> AuditShards.ids(AuditShards.force(PREFIX)), onlyFresh::equals);
        System.out.printf("[figure] audit retention %s: entry listed for %d ms after it was written%n", RETENTION,
                listedFor.toMillis());
    }

    @Test
    void badCursorsAndFiltersAreInvalid() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        assertEquals(0, api.get("admin/audit?before=0-0", admin).assertOk(200).getJsonArray("items").size());
        api.get("admin/audit?before=9223372036854775807-9223372036854775807", admin).assertOk(200);
        for (String query : List.of("before=yesterday", "before=1-2-3", "before=-1", "before=18446744073709551616-0",
                "before=1-", "limit=0", "limit=501", "action=force_logout", "from=yesterday",
                "to=2026-02-30T00:00:00Z", "from=1960-01-01T00:00:00Z",
                "from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "target=" + "t".repeat(600))) {
            api.get("admin/audit?" + query, admin).assertProblem(400, "INVALID_REQUEST");
        }
    }

    private static JsonObject only(Api api, String admin, String sessionId) {
        List<JsonObject> kicks = kicks(api, admin, sessionId);
        assertEquals(1, kicks.size(), kicks::toString);
        return kicks.get(0);
    }

    private static List<JsonObject> kicks(Api api, String admin, String sessionId) {
        return AuditPages.all(api, admin, "action=FORCE_LOGOUT&" + AuditPages.param("target", "session:" + sessionId), 2);
    }
}
