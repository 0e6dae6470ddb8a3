package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Admin listing and force logout: by user, by device type, by session; self-exclusion; 403/404; audit. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AdminSessionsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
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
    void kickAUserEndsAllTheirSessionsWithReason() {
        Login laptop = api.login("bob", "laptop");
        Login phone = api.login("bob", "phone");

        JsonObject result = api.post("admin/users/bob/logout", admin, "{\"reason\":\"left the company\"}").assertOk(200);

        Set<String> kicked = strings(result.getJsonArray("sessionIds"));
        assertTrue(kicked.containsAll(Set.of(laptop.sessionId(), phone.sessionId())), kicked::toString);
        assertEquals(kicked.size(), result.getInt("kicked"));
        assertEquals(0, api.get("admin/sessions?userId=bob", admin).json().getInt("total"));
        for (Login login : List.of(laptop, phone)) {
            JsonObject problem = api.get("auth/me", login.token()).assertProblem(401, "KICKED");
            assertEquals("admin", problem.getString("by"));
            assertEquals("left the company", problem.getString("reason"));
        }
        api.get("auth/me", admin).assertOk(200);
    }

    @Test
    void kickOneDeviceTypeSparesTheOthers() {
        Login laptop = api.login("carol", "laptop");
        Login phone = api.login("carol", "phone");

        JsonObject result = api.post("admin/users/carol/logout", admin,
                "{\"reason\":\"lost phone\",\"deviceType\":\"phone\"}").assertOk(200);

        assertEquals(1, result.getInt("kicked"));
        api.get("auth/me", phone.token()).assertProblem(401, "KICKED");
        api.get("auth/me", laptop.token()).assertOk(200);
    }

    @Test
    void kickOneSessionById() {
        Login first = api.login("alice", "tab-a");
        Login second = api.login("alice", "tab-b");

        api.delete("admin/sessions/" + first.sessionId() + "?reason=suspicious", admin).assertOk(200);

        assertEquals("suspicious", api.get("auth/me", first.token()).assertProblem(401, "KICKED").getString("reason"));
        api.get("auth/me", second.token()).assertOk(200);
        api.delete("admin/sessions/" + first.sessionId(), admin).assertProblem(404, "NOT_FOUND");
    }

    @Test
    void anAdminNeverKicksTheirOwnSession() {
        Login other = api.login("admin", "other-console");
        String ownId = api.get("auth/me", admin).json().getString("sessionId");

        JsonObject result = api.post("admin/users/admin/logout", admin, "{\"reason\":\"cleanup\"}").assertOk(200);

        assertEquals(List.of(other.sessionId()), List.copyOf(strings(result.getJsonArray("sessionIds"))));
        api.get("auth/me", admin).assertOk(200);
        // a user whose only live session is the caller's own exists: nothing to end, not 404
        JsonObject none = api.post("admin/users/admin/logout", admin, "{\"reason\":\"again\"}").assertOk(200);
        assertEquals(0, none.getInt("kicked"));
        api.get("auth/me", admin).assertOk(200);
        api.delete("admin/sessions/" + ownId, admin).assertProblem(400, "INVALID_REQUEST");
        api.get("auth/me", admin).assertOk(200);
    }

    @Test
    void listingsShowLiveSessionsAndUsers() {
        Login bob = api.login("bob", "kiosk");

        JsonObject sessions = api.get("admin/sessions?userId=bob&deviceType=kiosk", admin).assertOk(200);
        assertEquals(1, sessions.getInt("total"));
        JsonObject view = sessions.getJsonArray("items").getJsonObject(0);
        assertEquals(bob.sessionId(), view.getString("sessionId"));
        assertFalse(view.getBoolean("current"));
        assertFalse(view.containsKey("token"));
        assertEquals("127.0.0.1", view.getString("ip"));

        JsonObject all = api.get("admin/sessions?limit=500", admin).assertOk(200);
        assertTrue(strings(all.getJsonArray("items"), "sessionId").contains(bob.sessionId()));
        assertTrue(all.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .anyMatch(s -> s.getBoolean("current")), "the caller's own session is marked current");

        JsonObject online = api.get("admin/users/online?limit=500", admin).assertOk(200);
        JsonObject bobOnline = online.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .filter(u -> u.getString("userId").equals("bob")).findFirst().orElseThrow();
        assertTrue(bobOnline.getInt("sessions") >= 1);

        api.post("admin/users/bob/logout", admin, "{\"reason\":\"x\"}").assertOk(200);
        JsonObject after = api.get("admin/sessions?userId=bob", admin).assertOk(200);
        assertEquals(0, after.getInt("total"));
        assertFalse(strings(api.get("admin/sessions?limit=500", admin).json().getJsonArray("items"), "sessionId")
                .contains(bob.sessionId()));
    }

    @Test
    void nonAdminsAreForbiddenAndTheDenialIsAudited() {
        String alice = api.login("alice", "web").token();

        api.get("admin/sessions", alice).assertProblem(403, "FORBIDDEN");
        api.post("admin/users/bob/logout", alice, "{\"reason\":\"x\"}").assertProblem(403, "FORBIDDEN");
        api.get("admin/audit", alice).assertProblem(403, "FORBIDDEN");
        api.get("admin/sessions", null).assertProblem(401, "TOKEN_MISSING");

        // denials are collapsed per caller and window: alice's may be an entry written a little earlier
        JsonObject denial = api.get("admin/audit?limit=1&action=ADMIN_DENIED&actor=alice", admin).assertOk(200)
                .getJsonArray("items").getJsonObject(0);
        assertEquals("alice", denial.getJsonObject("actor").getString("userId"));
        assertEquals("DENIED", denial.getString("outcome"));
    }

    @Test
    void unknownTargetsAreNotFoundAndBadInputIsInvalid() {
        api.post("admin/users/nobody-here/logout", admin, "{\"reason\":\"x\"}").assertProblem(404, "NOT_FOUND");
        api.delete("admin/sessions/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA", admin).assertProblem(404, "NOT_FOUND");
        api.delete("admin/sessions/not*an:id", admin).assertProblem(404, "NOT_FOUND");
        api.get("admin/sessions?limit=abc", admin).assertProblem(400, "INVALID_REQUEST");
        api.get("admin/sessions?limit=100000", admin).assertProblem(400, "INVALID_REQUEST");
        api.get("admin/sessions?deviceType=a%0Ab", admin).assertProblem(400, "INVALID_REQUEST");
        api.post("admin/users/bob/logout", admin, "{\"reason\":").assertProblem(400, "INVALID_REQUEST");
        api.post("admin/users/bob/logout", admin, "{\"reason\":\"" + "r".repeat(600) + "\"}")
                .assertProblem(400, "INVALID_REQUEST");
        api.get("admin/audit?before=yesterday", admin).assertProblem(400, "INVALID_REQUEST");
    }

    @Test
    void forcedLogoutsAndReplacementsAreAudited() {
        Login bob = api.login("bob", "audit-dev");
        api.login("bob", "audit-dev");
        JsonObject replaced = latest("SESSION_REPLACED");
        assertEquals("session:" + bob.sessionId(), replaced.getString("target"));

        Login carol = api.login("carol", "audit-dev");
        api.delete("admin/sessions/" + carol.sessionId() + "?reason=audit-check", admin).assertOk(200);
        JsonObject kick = latest("FORCE_LOGOUT");
        assertEquals("session:" + carol.sessionId(), kick.getString("target"));
        assertEquals("audit-check", kick.getString("reason"));
        assertEquals("DONE", kick.getString("outcome"));
        assertEquals("admin", kick.getJsonObject("actor").getString("userId"));
        assertEquals("127.0.0.1", kick.getJsonObject("actor").getString("ip"));
        assertEquals("carol", kick.getJsonObject("details").getString("userId"));

        List<JsonObject> page1 = api.get("admin/audit?limit=2", admin).json().getJsonArray("items")
                .getValuesAs(JsonObject.class);
        assertEquals(2, page1.size());
        List<JsonObject> page2 = api.get("admin/audit?limit=2&before=" + page1.get(1).getString("id"), admin).json()
                .getJsonArray("items").getValuesAs(JsonObject.class);
        assertTrue(streamId(page2.get(0).getString("id")) < streamId(page1.get(1).getString("id")), "older entries next");
        assertTrue(streamId(page1.get(1).getString("id")) < streamId(page1.get(0).getString("id")), "newest first");
    }

    /** Orders stream ids "millis-seq" (sequence numbers stay far below 10^6 here). */
    private static long streamId(String id) {
        String[] parts = id.split("-");
        return Long.parseLong(parts[0]) * 1_000_000 + Long.parseLong(parts[1]);
    }

    private JsonObject latest(String action) {
        return api.get("admin/audit?limit=50", admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject).filter(e -> e.getString("action").equals(action)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + action + " entry"));
    }

    private static Set<String> strings(jakarta.json.JsonArray array) {
        return array.getValuesAs(jakarta.json.JsonString.class).stream().map(jakarta.json.JsonString::getString)
                .collect(Collectors.toSet());
    }

    private static Set<String> strings(jakarta.json.JsonArray array, String field) {
        return array.stream().map(v -> v.asJsonObject().getString(field)).collect(Collectors.toSet());
    }
}
