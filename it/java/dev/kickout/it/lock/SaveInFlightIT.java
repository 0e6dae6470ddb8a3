package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.lock.save.SaveResource;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * No save slips through a force release: a save held inside its method (after its write, before
 * its commit) by a test latch while an admin force-releases the lock is rolled back and answered
 * 409 LOCK_LOST / FORCE_RELEASED; fences only grow, and the JPA fence claim refuses equal and
 * smaller fences.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SaveInFlightIT {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "inflight", "kickout.login.policy", "MULTI",
                "kickout.lock.force-release-grace", "PT0S")).addPackage(SaveResource.class.getPackage())
                .addAsResource("dev/kickout/it/lock/save/persistence.xml", "META-INF/persistence.xml");
    }

    @ArquillianResource
    URL base;

    Api api;
    Login alice;
    String admin;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        alice = api.login("alice", "web");
        admin = api.login("admin", "web").token();
    }

    @Test
    void aSaveInFlightWhenTheLockIsForceReleasedIsRolledBack() throws Exception {
        String id = "doc-15";
        String token = acquire(id);
        JsonObject before = document(id);
        String latch = "forced-" + System.nanoTime();

        CompletableFuture<HttpResponse<String>> save = slowSave(id, token, latch, "slipped through");
        awaitEntered(latch);
        long accepted = System.nanoTime();
        JsonObject released = api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"handover\"}")
                .assertOk(200);
        assertEquals("alice", released.getJsonObject("released").getJsonObject("holder").getString("userId"), "the admin's release is accepted");
        api.post("app/it/saves/latch/" + latch + "/go", alice.token(), null).assertOk(200);
        HttpResponse<String> response = save.get(60, TimeUnit.SECONDS);
        long refusedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - accepted);

        JsonObject problem = new Reply(response.statusCode(), response.headers(), response.body())
                .assertProblem(409, "LOCK_LOST");
        assertEquals("FORCE_RELEASED", problem.getString("reason"));
        assertEquals("admin", problem.getString("by"));
        JsonObject after = document(id);
        assertEquals(before, after, "the record is unchanged in the database");
        System.out.println("[figure] slowed save during a force release: " + response.statusCode() + " "
                + problem.getString("code") + "/" + problem.getString("reason") + ", record unchanged (title '"
                + after.getString("title") + "', version " + after.getJsonNumber("version") + "), answered "
                + refusedMs + " ms after the release was accepted");
    }

    @Test
    void theSameSlowSaveCommitsWhenNobodyInterferes() throws Exception {
        String id = "doc-16";
        String token = acquire(id);
        String latch = "quiet-" + System.nanoTime();
        String title = "held then committed " + System.nanoTime();

        CompletableFuture<HttpResponse<String>> save = slowSave(id, token, latch, title);
        awaitEntered(latch);
        api.post("app/it/saves/latch/" + latch + "/go", alice.token(), null).assertOk(200);

        HttpResponse<String> response = save.get(60, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode(), response.body());
        assertEquals(title, document(id).getString("title"));
        release(id, token);
    }

    @Test
    void everySaveUnderOneLockWritesALargerFence() {
        String id = "doc-17";
        String token = acquire(id);
        long acquiredFence = api.get("locks/document/" + id, alice.token()).assertOk(200).getJsonNumber("fence").longValue();
        long previous = document(id).getJsonNumber("lastFence").longValue();
        for (int i = 0; i < 3; i++) {
            api.send(api.request("app/it/saves/" + id, alice.token(), token).header("Content-Type", "text/plain")
                    .PUT(HttpRequest.BodyPublishers.ofString("save " + i))).assertOk(200);
            long fence = document(id).getJsonNumber("lastFence").longValue();
            assertTrue(fence > previous && fence > acquiredFence, fence + " after " + previous);
            assertEquals(fence, api.get("locks/document/" + id, alice.token()).assertOk(200)
                    .getJsonNumber("fence").longValue(), "the lock shows the fence of its last save");
            previous = fence;
        }
        release(id, token);
    }

    @Test
    void theFenceClaimRefusesEqualAndSmallerFences() {
        String id = "doc-18";
        String token = acquire(id);
        api.send(api.request("app/it/saves/" + id, alice.token(), token).header("Content-Type", "text/plain")
                .PUT(HttpRequest.BodyPublishers.ofString("fenced"))).assertOk(200);
        release(id, token);
        JsonObject before = document(id);
        long last = before.getJsonNumber("lastFence").longValue();

        JsonObject equal = api.post("app/it/saves/fence/" + id + "?fence=" + last, alice.token(), null).assertProblem(409, "LOCK_LOST");
        assertEquals("TAKEN", equal.getString("reason"));
        JsonObject smaller = api.post("app/it/saves/fence/" + id + "?fence=" + (last - 1), alice.token(), null)
                .assertProblem(409, "LOCK_LOST");
        assertEquals("TAKEN", smaller.getString("reason"));
        assertEquals(before, document(id), "refused claims change nothing");

        assertEquals(last + 1, api.post("app/it/saves/fence/" + id + "?fence=" + (last + 1), alice.token(), null)
                .assertOk(200).getJsonNumber("lastFence").longValue());
        assertEquals(last + 1, document(id).getJsonNumber("lastFence").longValue());
        System.out.println("[figure] fence claim on " + id + " at lastFence " + last + ": equal -> 409 "
                + equal.getString("reason") + ", smaller -> 409 " + smaller.getString("reason") + ", larger -> 200");
    }

    @Test
    void anEmbeddedFenceRefusesEqualAndSmallerFencesToo() {
        String id = "memo-" + System.nanoTime();
        assertEquals(5, api.post("app/it/saves/memo-fence/" + id + "?fence=5", alice.token(), null)
                .assertOk(200).getJsonNumber("lastFence").longValue());
        JsonObject equal = api.post("app/it/saves/memo-fence/" + id + "?fence=5", alice.token(), null).assertProblem(409, "LOCK_LOST");
        assertEquals("TAKEN", equal.getString("reason"));
        api.post("app/it/saves/memo-fence/" + id + "?fence=4", alice.token(), null).assertProblem(409, "LOCK_LOST");
        assertEquals(6, api.post("app/it/saves/memo-fence/" + id + "?fence=6", alice.token(), null)
                .assertOk(200).getJsonNumber("lastFence").longValue());
    }

    private CompletableFuture<HttpResponse<String>> slowSave(String id, String token, String latch, String title) {
        HttpRequest request = api.request("app/it/saves/" + id + "/slow?latch=" + latch, alice.token(), token)
                .timeout(Duration.ofSeconds(120)).header("Content-Type", "text/plain")
                .PUT(HttpRequest.BodyPublishers.ofString(title)).build();
        return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Polls (with a deadline) until the save is inside its method, its write done, its commit pending. */
    private void awaitEntered(String latch) {
        Wait.until(Duration.ofSeconds(60), () -> "the save to reach its latch",
                () -> api.get("app/it/saves/latch/" + latch, alice.token()).assertOk(200).getBoolean("entered"));
    }

    private void release(String id, String token) {
        api.send(api.request("locks/document/" + id, alice.token(), token).DELETE()).assertOk(204);
    }

    private String acquire(String id) {
        Reply reply = api.post("locks/document/" + id, alice.token(), null);
        assertTrue(reply.status() == 201 || reply.status() == 200, reply::body);
        return reply.json().getString("lockToken");
    }

    private JsonObject document(String id) {
        return api.get("app/documents/" + id, alice.token()).assertOk(200);
    }
}
