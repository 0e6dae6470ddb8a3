package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Saving a document under its edit lock: @RequiresEditLock, the fence, @Version, releaseAfterCommit. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DocumentSaveIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "docs", "kickout.login.policy", "MULTI",
                "kickout.lock.force-release-grace", "PT0S"));
    }

    @ArquillianResource
    URL base;

    Api api;
    Login alice;
    Login bob;
    String admin;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        alice = api.login("alice", "web");
        bob = api.login("bob", "web");
        admin = api.login("admin", "web").token();
    }

    @Test
    void theHolderSavesAndTheVersionMoves() {
        String token = acquire("doc-1", alice);
        JsonObject before = api.get("app/documents/doc-1", alice.token()).assertOk(200);

        JsonObject saved = save("doc-1", alice, token, "New title", version(before)).assertOk(200);

        assertEquals("New title", saved.getString("title"));
        assertEquals(version(before) + 1, version(saved));
        assertTrue(saved.getJsonNumber("lastFence").longValue() >= 1);
        api.delete("locks/document/doc-1", alice.token()).status();
    }

    @Test
    void noTokenOrAnotherHoldersLockRefusesTheSave() {
        JsonObject doc = api.get("app/documents/doc-2", alice.token()).assertOk(200);
        save("doc-2", alice, null, "x", version(doc)).assertProblem(409, "LOCK_LOST");

        acquire("doc-2", bob);
        save("doc-2", alice, null, "x", version(doc)).assertProblem(423, "LOCK_HELD");
        save("doc-2", alice, "made-up", "x", version(doc)).assertProblem(423, "LOCK_HELD");
        assertEquals(doc.getString("title"), api.get("app/documents/doc-2", alice.token()).json().getString("title"));
    }

    @Test
    void aStaleVersionIsAConflict() {
        String token = acquire("doc-3", alice);
        JsonObject doc = api.get("app/documents/doc-3", alice.token()).assertOk(200);
        save("doc-3", alice, token, "first", version(doc)).assertOk(200);

        save("doc-3", alice, token, "second", version(doc)).assertProblem(409, "VERSION_CONFLICT");
        assertEquals("first", api.get("app/documents/doc-3", alice.token()).json().getString("title"));
    }

    @Test
    void afterAForceReleaseEverySaveOfTheOldHolderIsRefused() {
        String token = acquire("doc-4", alice);
        long version = version(api.get("app/documents/doc-4", alice.token()).json());
        api.post("admin/locks/document/doc-4/release", admin, "{\"reason\":\"handover\"}").assertOk(200);

        int refused = 0;
        for (int i = 0; i < 50; i++) {
            JsonObject problem = save("doc-4", alice, token, "late " + i, version).assertProblem(409, "LOCK_LOST");
            assertEquals("FORCE_RELEASED", problem.getString("reason"));
            refused++;
        }
        assertEquals(50, refused);
        String bobs = acquire("doc-4", bob);
        save("doc-4", bob, bobs, "bob's", version).assertOk(200);
        save("doc-4", alice, token, "alice again", version + 1).assertProblem(409, "LOCK_LOST");
        assertEquals("bob's", api.get("app/documents/doc-4", bob.token()).json().getString("title"));
    }

    @Test
    void releaseAfterCommitReleasesOnCommitOnly() {
        String token = acquire("doc-5", alice);
        long version = version(api.get("app/documents/doc-5", alice.token()).json());

        saveAndRelease("doc-5", alice, token, "rolled back", version + 7).assertProblem(409, "VERSION_CONFLICT");
        assertEquals("alice", api.get("locks/document/doc-5", bob.token()).assertOk(200)
                .getJsonObject("holder").getString("userId"), "a rollback keeps the lock");

        saveAndRelease("doc-5", alice, token, "committed", version).assertOk(200);
        api.get("locks/document/doc-5", bob.token()).assertProblem(404, "NOT_LOCKED");
    }

    @Test
    void badSavesAreProblems() {
        String token = acquire("doc-6", alice);
        api.send(api.request("app/documents/doc-6", alice.token(), token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"title\":"))).assertProblem(400, "INVALID_REQUEST");
        api.send(api.request("app/documents/doc-6", alice.token(), token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"title\":\"no version\"}"))).assertProblem(400, "INVALID_REQUEST");
        save("no*such", alice, token, "x", 0).assertProblem(400, "INVALID_REQUEST");
        api.get("app/documents/nope", alice.token()).assertProblem(404, "NOT_FOUND");
    }

    private String acquire(String id, Login who) {
        Reply reply = api.post("locks/document/" + id, who.token(), null);
        assertTrue(reply.status() == 201 || reply.status() == 200, reply::body);
        return reply.json().getString("lockToken");
    }

    private Reply save(String id, Login who, String lockToken, String title, long version) {
        return put("app/documents/" + id, who, lockToken, title, version);
    }

    private Reply saveAndRelease(String id, Login who, String lockToken, String title, long version) {
        return put("app/documents/" + id + "?release=true", who, lockToken, title, version);
    }

    private Reply put(String path, Login who, String lockToken, String title, long version) {
        String body = Json.createObjectBuilder().add("title", title).add("body", "text").add("version", version).build()
                .toString();
        HttpRequest.Builder request = lockToken == null ? api.request(path, who.token())
                : api.request(path, who.token(), lockToken);
        return api.send(request.header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static long version(JsonObject document) {
        return document.getJsonNumber("version").longValue();
    }
}
