package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.lock.save.SaveResource;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The lock token is not tied to one header: a form field (with a configured name), a
 * {@code @LockToken} method parameter, and a call with no HTTP request at all (an asynchronous EJB
 * handed the token) each save under the lock; wrong, missing and dead tokens are refused as ever.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockTokenSourceIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "tokensrc", "kickout.login.policy", "MULTI",
                        "kickout.lock.force-release-grace", "PT0S", "kickout.lock.token-parameter", "editToken"))
                .addPackage(SaveResource.class.getPackage());
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
    void aFormPostCarriesTheTokenAsAParameter() {
        String id = "doc-19";
        String token = acquire(id, alice);

        Reply saved = form("it/form-save", alice, Map.of("id", id, "title", "from a form", "editToken", token));
        assertEquals(200, saved.status(), saved.body());
        assertEquals("from a form", title(id));

        assertRefused(form("it/form-save", alice, Map.of("id", id, "title", "default name", "lockToken", token)),
                423, "LOCK_HELD", "the parameter's configured name is editToken: no token, as today");
        assertRefused(form("it/form-save", alice, Map.of("id", id, "title", "no token")), 423, "LOCK_HELD", "no token");
        assertRefused(form("it/form-save", bob, Map.of("id", id, "title", "bob's form", "editToken", token)),
                423, "LOCK_HELD", "another session's token");
        assertRefused(form("it/form-save", alice, Map.of("id", id, "title", "made up", "editToken", "made-up")),
                423, "LOCK_HELD", "a made-up token");
        api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"form\"}").assertOk(200);
        assertRefused(form("it/form-save", alice, Map.of("id", id, "title", "after release", "editToken", token)),
                409, "LOCK_LOST", "a force-released token");
        assertEquals("from a form", title(id));
    }

    @Test
    void aTokenInTheQueryStringIsNotAccepted() {
        String id = "doc-18";
        String token = acquire(id, alice);

        assertRefused(form("it/form-save?editToken=" + token, alice, Map.of("id", id, "title", "from the URL")),
                423, "LOCK_HELD", "a lock token in the query string is no token");
        // the form body's field counts, whatever the query string says
        Reply saved = form("it/form-save?editToken=made-up", alice, Map.of("id", id, "title", "from the body", "editToken", token));
        assertEquals(200, saved.status(), saved.body());
        assertEquals("from the body", title(id));
        System.out.println("[figure] lock token in the query string (" + System.getProperty("kickout.it.server", "wildfly")
                + "): refused 423 LOCK_HELD; the form body's field wins over the query string's");
        release(id, token);
    }

    @Test
    void aMethodParameterCarriesTheToken() {
        String id = "doc-20";
        String token = acquire(id, alice);

        form("app/it/saves/" + id + "/with-token", alice, Map.of("title", "as a parameter", "token", token)).assertOk(200);
        assertEquals("as a parameter", title(id));

        JsonObject wrong = api.send(api.request("app/it/saves/" + id + "/with-token", alice.token(), token)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("title=x&token=made-up"))).assertProblem(423, "LOCK_HELD");
        assertTrue(wrong.containsKey("holder"), "the @LockToken parameter wins over the header");
        form("app/it/saves/" + id + "/with-token", alice, Map.of("title", "none")).assertProblem(423, "LOCK_HELD");
        form("app/it/saves/" + id + "/with-token", bob, Map.of("title", "bob", "token", token)).assertProblem(423, "LOCK_HELD");
        assertEquals("as a parameter", title(id));
        release(id, token);
        JsonObject released = form("app/it/saves/" + id + "/with-token", alice, Map.of("title", "late", "token", token))
                .assertProblem(409, "LOCK_LOST");
        assertEquals("RELEASED", released.getString("reason"));
    }

    @Test
    void aBatchWithNoHttpRequestSavesWithTheHandedOverToken() {
        String id = "doc-14";
        String token = acquire(id, alice);
        String title = "from a batch " + System.nanoTime();

        JsonObject saved = form("app/it/saves/" + id + "/batch", bob, Map.of("title", title, "token", token)).assertOk(200);

        assertEquals(title, saved.getString("title"), "saved on a container thread that sees no HTTP request");
        assertEquals(title, title(id));
        api.get("locks/document/" + id, alice.token()).assertProblem(404, "NOT_LOCKED");
        System.out.println("[figure] batch save with no HTTP request, token as @LockToken: saved, lock released after commit");

        JsonObject lost = form("app/it/saves/" + id + "/batch", bob, Map.of("title", "again", "token", token))
                .assertProblem(409, "LOCK_LOST");
        assertEquals("RELEASED", lost.getString("reason"));
        String next = acquire(id, alice);
        form("app/it/saves/" + id + "/batch", bob, Map.of("title", "made up", "token", "made-up"))
                .assertProblem(423, "LOCK_HELD");
        form("app/it/saves/" + id + "/batch", bob, Map.of("title", "no token")).assertProblem(423, "LOCK_HELD");
        api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"batch\"}").assertOk(200);
        JsonObject forced = form("app/it/saves/" + id + "/batch", bob, Map.of("title", "forced", "token", next))
                .assertProblem(409, "LOCK_LOST");
        assertEquals("FORCE_RELEASED", forced.getString("reason"));
        assertEquals(title, title(id));
    }

    private static void assertRefused(Reply reply, int status, String code, String why) {
        assertEquals(status, reply.status(), why + ": " + reply.body());
        assertEquals(code, reply.json().getString("code"), why);
    }

    /** Posts a form (it/form-save is a plain servlet, it/saves/... JAX-RS). */
    private Reply form(String path, Login who, Map<String, String> fields) {
        String body = new LinkedHashMap<>(fields).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return api.send(api.request(path, who.token())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private void release(String id, String token) {
        api.send(api.request("locks/document/" + id, alice.token(), token).DELETE()).assertOk(204);
    }

    private String acquire(String id, Login who) {
        Reply reply = api.post("locks/document/" + id, who.token(), null);
        assertTrue(reply.status() == 201 || reply.status() == 200, reply::body);
        return reply.json().getString("lockToken");
    }

    private String title(String id) {
        return api.get("app/documents/" + id, alice.token()).assertOk(200).getString("title");
    }
}
