package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.facade.HrDesk;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.net.URL;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kickout.user-id.case=LOWER} behind a directory that ignores case ({@link CaseBlindIdentityStore}):
 * {@code Alice} and {@code alice} are one user to the login policy ({@code SINGLE}), to the admin endpoints and
 * to the facade ({@link HrDesk}), whichever spelling they are given; the session still shows the name as typed.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class UserIdCaseIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "user-id-case",
                        "kickout.user-id.case", "LOWER",
                        "kickout.login.policy", "SINGLE"))
                .addClasses(CaseBlindIdentityStore.class, HrDesk.class);
    }

    @ArquillianResource
    URL base;

    Api api;
    String admin;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        admin = api.login("admin", "console").token();
    }

    @Test
    void twoSpellingsOfOneNameAreOneUserUnderSingle() {
        Login capitalized = signIn("Alice", "web");
        Login lower = signIn("alice", "phone");

        api.get("auth/me", capitalized.token()).assertProblem(401, "REPLACED");
        api.get("auth/me", lower.token()).assertOk(200);
        assertEquals(List.of(capitalized.sessionId()),
                lower.body().getJsonArray("replaced").getValuesAs(JsonString::getString), lower.body()::toString);
        assertEquals("alice", capitalized.body().getJsonObject("session").getString("userId"));
        assertEquals("Alice", capitalized.body().getJsonObject("session").getString("username"));

        JsonObject listed = api.get("admin/sessions?userId=ALICE", admin).assertOk(200);
        assertEquals(1, listed.getInt("total"), listed::toString);
        JsonObject only = listed.getJsonArray("items").getJsonObject(0);
        assertEquals(lower.sessionId(), only.getString("sessionId"));
        assertEquals("alice", only.getString("userId"));
    }

    @Test
    void theFacadeAndTheAdminFindAUserUnderAnySpelling() {
        Login bob = signIn("Bob", "web");

        JsonObject kicked = api.post("app/hr/accounts/BOB/end", admin, null).assertOk(200);

        assertEquals("KICKED", kicked.getString("outcome"), kicked::toString);
        assertEquals("bob", kicked.getString("userId"));
        assertEquals(bob.sessionId(), kicked.getJsonArray("kicked").getJsonObject(0).getString("sessionId"));
        api.get("auth/me", bob.token()).assertProblem(401, "KICKED");

        Login again = signIn("bob", "web");
        JsonObject byAdmin = api.post("admin/users/bOb/logout", admin, "{\"reason\":\"audit\"}").assertOk(200);
        assertEquals(1, byAdmin.getInt("kicked"), byAdmin::toString);
        api.get("auth/me", again.token()).assertProblem(401, "KICKED");
    }

    @Test
    void kickUserByAnotherSpellingEndsTheSession() {
        Login carol = signIn("carol", "web");

        Reply kicked = api.post("app/hr/accounts/CAROL/disable?reason=left", admin, null);

        assertEquals(200, kicked.status(), kicked::body);
        JsonArray views = Json.createReader(new StringReader(kicked.body())).readArray();
        assertEquals(1, views.size(), kicked::body);
        assertEquals(carol.sessionId(), views.getJsonObject(0).getString("sessionId"));
        api.get("auth/me", carol.token()).assertProblem(401, "KICKED");
    }

    @Test
    void aKickOfSomeoneNotSignedInSaysSoUnderTheFoldedId() {
        JsonObject unknown = api.post("app/hr/accounts/Nobody/end", admin, null).assertOk(200);
        assertEquals("UNKNOWN_USER", unknown.getString("outcome"), unknown::toString);
        assertEquals("nobody", unknown.getString("userId"));
        api.post("admin/users/NOBODY/logout", admin, "{}").assertProblem(404, "NOT_FOUND");
    }

    private Login signIn(String name, String deviceType) {
        Reply reply = api.tryLogin(name, name.toLowerCase(Locale.ROOT), deviceType, "it-" + deviceType);
        JsonObject body = reply.assertOk(200);
        return new Login(body.getString("token"), body.getJsonObject("session").getString("sessionId"), body);
    }
}
