package dev.kickout.it.facade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.EventStream.Event;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
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
 * The {@code Kickout} facade from a host's code ({@link HrDesk}): its kicks and releases have the effects of the
 * admin endpoints' (401 KICKED with reason and actor, FORCE_LOGOUT / EDIT_LOCK_RELEASED pushed, audited), its
 * listings answer public views, and bad ids are refused with 400 before anything is touched.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FacadeIT {

    private static final Duration WAIT = Duration.ofSeconds(5);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "facade",
                "kickout.lock.force-release-grace", "PT0S")).addClass(HrDesk.class);
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
    void disablingAnAccountKicksItEverywhere() throws Exception {
        Login laptop = api.login("bob", "laptop");
        Login phone = api.login("bob", "phone");
        try (EventStream page = openStream(phone.token())) {
            JsonArray kicked = array(api.post("app/hr/accounts/bob/disable?reason=Account%20disabled", admin, null));

            assertTrue(sessionIds(kicked).containsAll(Set.of(laptop.sessionId(), phone.sessionId())), kicked::toString);
            for (Login login : List.of(laptop, phone)) {
                JsonObject problem = api.get("auth/me", login.token()).assertProblem(401, "KICKED");
                assertEquals(HrDesk.ACTOR, problem.getString("by"));
                assertEquals("Account disabled", problem.getString("reason"));
            }
            Event event = page.next(WAIT);
            assertEquals("FORCE_LOGOUT", event.type());
            assertEquals("KICKED", event.json().getString("code"));
            assertEquals(HrDesk.ACTOR, event.json().getString("by"));
            assertEquals("Account disabled", event.json().getString("reason"));
        }
        assertEquals(0, array(api.get("app/hr/accounts/bob/sessions", admin)).size());
        api.get("auth/me", admin).assertOk(200);

        JsonObject audit = Wait.until(WAIT, entry -> "the FORCE_LOGOUT audit entry of " + phone.sessionId()
                + ", last seen " + entry, () -> latestAudit(phone.sessionId()), entry -> entry != null);
        assertEquals("Account disabled", audit.getString("reason"));
        assertEquals(HrDesk.ACTOR, audit.getJsonObject("actor").getString("userId"));
    }

    @Test
    void kickingOneDeviceTypeLeavesTheOthers() {
        Login laptop = api.login("carol", "laptop");
        Login phone = api.login("carol", "phone");

        JsonArray kicked = array(api.post("app/hr/accounts/carol/devices/phone/kick?reason=lost%20phone", admin, null));

        assertEquals(Set.of(phone.sessionId()), sessionIds(kicked));
        assertEquals("lost phone", api.get("auth/me", phone.token()).assertProblem(401, "KICKED").getString("reason"));
        api.get("auth/me", laptop.token()).assertOk(200);
        assertEquals(Set.of(laptop.sessionId()), sessionIds(array(api.get("app/hr/accounts/carol/sessions", admin))));
    }

    @Test
    void aKickSaysWhetherItFoundAnyoneToKick() {
        JsonObject unknown = api.post("app/hr/accounts/nobody-signed-in/end", admin, null).assertOk(200);
        assertEquals("UNKNOWN_USER", unknown.getString("outcome"), unknown::toString);
        assertEquals("nobody-signed-in", unknown.getString("userId"));
        assertEquals(0, unknown.getJsonArray("kicked").size());

        Login desk = api.login("carol", "desk");
        JsonObject otherDevice = api.post("app/hr/accounts/carol/end?deviceType=pager", admin, null).assertOk(200);
        assertEquals("NO_SESSION_OF_DEVICE_TYPE", otherDevice.getString("outcome"), otherDevice::toString);
        api.get("auth/me", desk.token()).assertOk(200);

        JsonObject kicked = api.post("app/hr/accounts/carol/end", admin, null).assertOk(200);
        assertEquals("KICKED", kicked.getString("outcome"), kicked::toString);
        assertTrue(sessionIds(kicked.getJsonArray("kicked")).contains(desk.sessionId()), kicked::toString);
        api.get("auth/me", desk.token()).assertProblem(401, "KICKED");
    }

    @Test
    void kickingOneSessionLeavesTheUsersOthersAndTakesTheDefaultReason() {
        Login first = api.login("alice", "tab-a");
        Login second = api.login("alice", "tab-b");

        api.post("app/hr/sessions/" + first.sessionId() + "/kick", admin, null).assertOk(200);

        JsonObject problem = api.get("auth/me", first.token()).assertProblem(401, "KICKED");
        assertEquals("Signed out by an administrator", problem.getString("reason"));
        api.get("auth/me", second.token()).assertOk(200);
        assertEquals(404, api.post("app/hr/sessions/" + first.sessionId() + "/kick", admin, null).status());
    }

    @Test
    void listingAnswersPublicViews() {
        Login kiosk = api.login("alice", "kiosk");

        JsonArray listed = array(api.get("app/hr/accounts/alice/sessions", admin));

        JsonObject view = listed.stream().map(JsonValue::asJsonObject)
                .filter(v -> kiosk.sessionId().equals(v.getString("sessionId"))).findFirst().orElseThrow();
        assertEquals("alice", view.getString("userId"));
        assertEquals("kiosk", view.getString("deviceType"));
        assertTrue(listed.stream().map(JsonValue::asJsonObject).allMatch(v -> !v.getBoolean("current")
                && !v.containsKey("token") && !v.containsKey("roles")), listed::toString);
        assertEquals(0, array(api.get("app/hr/accounts/nobody-here/sessions", admin)).size());
    }

    @Test
    void releasingALockFreesItForOthersAndTellsTheHolder() throws Exception {
        Login alice = api.login("alice", "web");
        Login bob = api.login("bob", "desk");
        String id = "facade-" + UUID.randomUUID();
        String lockToken = api.post("locks/order/" + id, alice.token(), null).assertOk(201).getString("lockToken");
        api.post("locks/order/" + id, bob.token(), null).assertProblem(423, "LOCK_HELD");

        JsonObject holder = api.get("app/hr/records/order/" + id + "/holder", admin).assertOk(200);
        assertEquals("alice", holder.getJsonObject("holder").getString("userId"));
        assertEquals(alice.sessionId(), holder.getJsonObject("holder").getString("sessionId"));
        assertFalse(holder.containsKey("lockToken"));

        try (EventStream page = openStream(alice.token())) {
            JsonObject released = api.post("app/hr/records/order/" + id + "/release?reason=workflow%20done", admin,
                    null).assertOk(200);
            assertEquals("alice", released.getJsonObject("holder").getString("userId"));

            Event event = page.next(WAIT);
            assertEquals("EDIT_LOCK_RELEASED", event.type());
            assertEquals(id, event.json().getString("id"));
            assertEquals("workflow done", event.json().getString("reason"));
            assertEquals(HrDesk.ACTOR, event.json().getString("by"));
        }
        api.send(api.request("locks/order/" + id + "/heartbeat", alice.token(), lockToken)
                .PUT(java.net.http.HttpRequest.BodyPublishers.noBody())).assertProblem(409, "LOCK_LOST");
        api.post("locks/order/" + id, bob.token(), null).assertOk(201);
        assertEquals("bob", api.get("app/hr/records/order/" + id + "/holder", admin).json().getJsonObject("holder")
                .getString("userId"));
        assertEquals(404, api.get("app/hr/records/order/free-" + id + "/holder", admin).status());
        assertEquals(404, api.post("app/hr/records/order/free-" + id + "/release", admin, null).status());
    }

    @Test
    void suspendingAnAccountKeepsItOutUntilLifted() {
        Login phone = api.login("alice", "phone");
        try {
            JsonArray kicked = array(api.post("app/hr/accounts/alice/suspend?for=PT1H&reason=audit", admin, null));

            assertTrue(sessionIds(kicked).contains(phone.sessionId()), kicked::toString);
            assertEquals(0, array(api.get("app/hr/accounts/alice/sessions", admin)).size());
            JsonObject refused = api.tryLogin("alice", "alice", "web", "facade").assertProblem(403, "ACCOUNT_SUSPENDED");
            JsonObject listed = array(api.get("app/hr/bans", admin)).getJsonObject(0);
            assertEquals("alice", listed.getString("userId"));
            assertEquals(HrDesk.ACTOR, listed.getString("by"));
            assertEquals(refused.getString("until"), listed.getString("until"));
            api.post("app/hr/accounts/alice/ban?until=2020-01-01T00:00:00Z", admin, null).assertProblem(400, "INVALID_REQUEST");
            assertEquals(listed.getString("until"), array(api.get("app/hr/bans", admin)).getJsonObject(0).getString("until"));
        } finally {
            api.delete("app/hr/accounts/alice/ban", admin);
        }
        api.login("alice", "web");
        assertEquals(0, array(api.get("app/hr/bans", admin)).size());
    }

    @Test
    void badIdsAreRefusedBeforeAnyKeyIsBuilt() {
        api.post("app/hr/accounts/bob/devices/ph:one/kick", admin, null).assertProblem(400, "INVALID_REQUEST");
        api.post("app/hr/sessions/not-a-session/kick", admin, null).assertProblem(400, "INVALID_REQUEST");
        api.post("app/hr/records/Order/1/release", admin, null).assertProblem(400, "INVALID_REQUEST");
        api.get("app/hr/records/order/a*b/holder", admin).assertProblem(400, "INVALID_REQUEST");
        api.post("app/hr/accounts/bob/disable?reason=" + "x".repeat(501), admin, null)
                .assertProblem(400, "INVALID_REQUEST");
    }

    private EventStream openStream(String token) {
        EventStream stream = EventStream.open(api.request("events", token));
        assertEquals(200, stream.status(), stream::body);
        return stream;
    }

    private JsonObject latestAudit(String sessionId) {
        return api.get("admin/audit?limit=50&action=FORCE_LOGOUT&actor=" + HrDesk.ACTOR, admin).json()
                .getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .filter(entry -> ("session:" + sessionId).equals(entry.getString("target"))).findFirst().orElse(null);
    }

    private static JsonArray array(Reply reply) {
        assertEquals(200, reply.status(), reply::body);
        return Json.createReader(new StringReader(reply.body())).readArray();
    }

    private static Set<String> sessionIds(JsonArray views) {
        return views.stream().map(v -> v.asJsonObject().getString("sessionId")).collect(Collectors.toSet());
    }
}
