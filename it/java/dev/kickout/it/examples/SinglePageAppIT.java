package dev.kickout.it.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Examples;
import dev.kickout.it.http.Reply;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The starter project {@code examples/single-page-app} as its own build made it, over HTTP as its page talks to
 * it: the page and its modules under a strict CSP, sign-in through Kickout against the app's identity store, the
 * app's own API behind Kickout's filter, a note saved under its edit lock with the lock token, the refusals of a
 * save without the lock, with a stale token, over a stale version, of bad input (the contract's problem codes),
 * and an admin's force release and kick reaching the page's event stream and the next call.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SinglePageAppIT {

    private static final Duration EVENT_WITHIN = Duration.ofSeconds(10);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Examples.war("single-page-app", "spa.war", "kickout.key-prefix=spa\n");
    }

    @ArquillianResource
    URL base;

    /** Kickout's REST root in the app: {@code <context>/kickout/api/}. */
    private Api kickout() {
        return new Api(URI.create(base.toString()).resolve("kickout/api/"));
    }

    /** The app's own REST root: {@code <context>/api/}. */
    private Api app() {
        return new Api(URI.create(base.toString()).resolve("api/"));
    }

    @Test
    void thePageAndEveryModuleItImportsAreServedUnderAStrictPolicyWithNothingInline() {
        Api site = new Api(URI.create(base.toString()));
        Reply page = site.get("", null);
        assertEquals(200, page.status(), page::body);
        String policy = page.header("Content-Security-Policy");
        assertNotNull(policy, "the page's CSP header");
        assertTrue(policy.startsWith("default-src 'self';"), policy);
        assertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval"), policy);
        String html = page.body();
        assertFalse(Pattern.compile("<script(?![^>]*\\bsrc=)[^>]*>").matcher(html).find(), "an inline script");
        assertFalse(Pattern.compile("<style|\\sstyle=|\\son[a-z]+=", Pattern.CASE_INSENSITIVE).matcher(html).find(),
                "an inline style or event handler");
        assertTrue(html.contains("<script type=\"module\" src=\"app/main.js\"></script>"), html);
        assertEquals(200, site.get("app/app.css", null).status());

        // every module the page loads, the Kickout client among them, comes from the app's own origin
        Set<String> loaded = new HashSet<>();
        Deque<URI> modules = new ArrayDeque<>(List.of(site.uri("app/main.js")));
        Pattern imports = Pattern.compile("^import .* from '(\\.{1,2}/[^']+)';", Pattern.MULTILINE);
        while (!modules.isEmpty()) {
            URI module = modules.pop();
            if (!loaded.add(module.getPath())) {
                continue;
            }
            Reply script = site.send(HttpRequest.newBuilder(module).GET());
            assertEquals(200, script.status(), module::toString);
            assertTrue(String.valueOf(script.header("Content-Type")).contains("javascript"), module + " " + script.header("Content-Type"));
            Matcher from = imports.matcher(script.body());
            while (from.find()) {
                modules.push(module.resolve(from.group(1)));
            }
        }
        String root = URI.create(base.toString()).getPath();
        assertTrue(loaded.contains(root + "kickout/kickout-client.js"), "the client the Kickout jar serves: " + loaded);
        assertTrue(loaded.containsAll(Set.of(root + "app/page.js", root + "app/signin.js", root + "app/notes.js",
                root + "app/admin.js")), loaded::toString);
    }

    @Test
    void aUserSignsInListsTheNotesAndSavesOneUnderItsLock() {
        kickout().tryLogin("alice", "not-her-password", "web", "it").assertProblem(401, "BAD_CREDENTIALS");
        kickout().tryLogin("mallory", "mallory", "web", "it").assertProblem(401, "BAD_CREDENTIALS");
        app().get("notes", null).assertProblem(401, "TOKEN_MISSING");

        String alice = kickout().login("alice", "web").token();
        JsonObject me = app().get("me", alice).assertOk(200);
        assertEquals("alice", me.getString("username"));
        assertFalse(me.getBoolean("admin"));
        JsonArray notes = array(app().get("notes", alice));
        assertTrue(notes.stream().map(JsonValue::asJsonObject).map(note -> note.getString("id")).toList()
                .containsAll(List.of("welcome", "release-plan", "shopping-list")), notes::toString);

        long version = app().get("notes/release-plan", alice).assertOk(200).getJsonNumber("version").longValue();
        JsonObject lock = kickout().post("locks/note/release-plan", alice, null).assertOk(201);
        String lockToken = lock.getString("lockToken");
        JsonObject saved = save(alice, lockToken, "release-plan", "Release plan", "Freeze on Wednesday.", version)
                .assertOk(200);
        assertEquals(version + 1, saved.getJsonNumber("version").longValue());
        assertEquals("Freeze on Wednesday.", app().get("notes/release-plan", alice).assertOk(200).getString("text"));

        // the same save over the version it started from: someone saved meanwhile
        save(alice, lockToken, "release-plan", "Release plan", "An older draft.", version).assertProblem(409, "VERSION_CONFLICT");
        // bad input, with the lock held: refused before anything is written
        Reply noTitle = save(alice, lockToken, "release-plan", " ", "text", version + 1);
        noTitle.assertProblem(400, "INVALID_REQUEST");
        Reply unreadable = app().send(app().request("notes/release-plan", alice, lockToken)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString("{\"title\": ")));
        unreadable.assertProblem(400, "INVALID_REQUEST");
        app().get("notes/no-such-note", alice).assertProblem(404, "NOT_FOUND");
        kickout().post("locks/document/release-plan", alice, null).assertProblem(400, "LOCK_TYPE_UNKNOWN");

        // bob reads while alice edits, and cannot save: the lock is hers
        String bob = kickout().login("bob", "web").token();
        assertEquals("Freeze on Wednesday.", app().get("notes/release-plan", bob).assertOk(200).getString("text"));
        JsonObject held = save(bob, null, "release-plan", "Mine", "bob's text", version + 1).assertProblem(423, "LOCK_HELD");
        assertEquals("alice", held.getJsonObject("holder").getString("username"));
        kickout().post("locks/note/release-plan", bob, null).assertProblem(423, "LOCK_HELD");

        // a token of an earlier holding no longer saves, even for the same session
        kickout().send(kickout().request("locks/note/release-plan", alice, lockToken).DELETE()).assertOk(204);
        String again = kickout().post("locks/note/release-plan", alice, null).assertOk(201).getString("lockToken");
        JsonObject stale = save(alice, lockToken, "release-plan", "Release plan", "stale", version + 1).assertProblem(409, "LOCK_LOST");
        assertEquals("RELEASED", stale.getString("reason"), stale::toString);
        save(alice, again, "release-plan", "Release plan", "Freeze on Thursday.", version + 1).assertOk(200);
        kickout().send(kickout().request("locks/note/release-plan", alice, again).DELETE()).assertOk(204);
    }

    @Test
    void anAdminsForceReleaseAndKickReachThePagesStreamAndItsNextCallSaysWhoAndWhy() throws Exception {
        Login bob = kickout().login("bob", "web");
        String admin = kickout().login("admin", "web").token();
        assertTrue(app().get("me", admin).assertOk(200).getBoolean("admin"));
        kickout().get("admin/users/online", bob.token()).assertProblem(403, "FORBIDDEN");

        String ticket = kickout().post("events/ticket", bob.token(), null).assertOk(200).getString("ticket");
        try (EventStream page = EventStream.open(kickout().request("events?ticket=" + ticket, null))) {
            assertEquals(200, page.status(), page::body);
            Event open = page.nextAny(EVENT_WITHIN);
            assertEquals("STREAM_OPEN", open == null ? null : open.type(), "the stream to be open before the admin acts");

            long version = app().get("notes/shopping-list", bob.token()).assertOk(200).getJsonNumber("version").longValue();
            String lockToken = kickout().post("locks/note/shopping-list", bob.token(), null).assertOk(201).getString("lockToken");
            kickout().post("admin/locks/note/shopping-list/release", admin, "{\"reason\":\"Needed for the stocktake\"}")
                    .assertOk(200);
            Event released = page.next(EVENT_WITHIN);
            assertNotNull(released, "EDIT_LOCK_RELEASED on the page's stream");
            assertEquals("EDIT_LOCK_RELEASED", released.type(), released::data);
            assertEquals("shopping-list", released.json().getString("id"));
            assertEquals("Needed for the stocktake", released.json().getString("reason"));
            assertEquals("admin", released.json().getString("by"));
            JsonObject lost = save(bob.token(), lockToken, "shopping-list", "Shopping list", "Tea.", version)
                    .assertProblem(409, "LOCK_LOST");
            assertEquals("FORCE_RELEASED", lost.getString("reason"));
            assertEquals("admin", lost.getString("by"));

            JsonObject kicked = kickout().post("admin/users/bob/logout", admin, "{\"reason\":\"Account under review\"}")
                    .assertOk(200);
            assertTrue(kicked.getJsonArray("sessionIds").contains(Json.createValue(bob.sessionId())), kicked::toString);
            Event end = page.next(EVENT_WITHIN);
            assertNotNull(end, "FORCE_LOGOUT on the page's stream");
            assertEquals("FORCE_LOGOUT", end.type(), end::data);
            assertEquals("KICKED", end.json().getString("code"));
            assertEquals("Account under review", end.json().getString("reason"));
            assertEquals("admin", end.json().getString("by"));
            assertEquals("end", page.next(EVENT_WITHIN).type(), "the stream closes after FORCE_LOGOUT");
        }
        JsonObject refused = app().get("notes", bob.token()).assertProblem(401, "KICKED");
        assertEquals("Account under review", refused.getString("reason"));
        assertEquals("admin", refused.getString("by"));
        assertNotNull(refused.getString("at"));
    }

    /** A save as the page sends it: the note as JSON, the lock token in {@code X-Lock-Token} when there is one. */
    private Reply save(String token, String lockToken, String id, String title, String text, long version) {
        String body = Json.createObjectBuilder().add("title", title).add("text", text).add("version", version).build().toString();
        HttpRequest.Builder request = lockToken == null ? app().request("notes/" + id, token) : app().request("notes/" + id, token, lockToken);
        return app().send(request.header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static JsonArray array(Reply reply) {
        assertEquals(200, reply.status(), reply::body);
        try (JsonReader reader = Json.createReader(new StringReader(reply.body()))) {
            return reader.readArray();
        }
    }
}
