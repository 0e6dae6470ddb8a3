package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.session.CookieClient;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A kick with a ban: the banned user's sign-ins answer 403 ACCOUNT_SUSPENDED with {@code until} (JSON and form),
 * the ban ends by itself or when lifted, bad bans change nothing, only admins ban, list and lift, and a sign-in
 * racing the ban never leaves a live session behind.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BanIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("bans.war", Map.of("kickout.key-prefix", "bans", "kickout.cookie.enabled", "true",
                "kickout.cookie.sign-in-page", "/signin.html", "kickout.filter.include", "/api/*,/cookie/*,/pages/*"));
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

    @AfterEach
    void liftAll() {
        for (String user : List.of("alice", "bob", "carol")) {
            api.delete("admin/bans/" + user, admin);
        }
    }

    @Test
    void aBannedUsersSignInsAreRefusedWithUntilUntilTheBanIsLifted() {
        Login carol = api.login("carol", "laptop");

        JsonObject kicked = ban("carol", "{\"reason\":\"under investigation\",\"ban\":\"PT10M\"}").assertOk(200);

        assertEquals(List.of(carol.sessionId()), kicked.getJsonArray("sessionIds").getValuesAs(JsonValue::toString)
                .stream().map(s -> s.replace("\"", "")).toList());
        JsonObject ban = kicked.getJsonObject("ban");
        Instant until = Instant.parse(ban.getString("until"));
        assertTrue(until.isAfter(Instant.now().plus(Duration.ofMinutes(9))), ban.toString());
        assertTrue(until.isBefore(Instant.now().plus(Duration.ofMinutes(11))), ban.toString());
        assertEquals("admin", ban.getString("by"));
        assertEquals("under investigation", ban.getString("reason"));
        api.get("auth/me", carol.token()).assertProblem(401, "KICKED");

        JsonObject refused = api.tryLogin("carol", "carol", "phone", "it-phone").assertProblem(403, "ACCOUNT_SUSPENDED");
        assertEquals(until, Instant.parse(refused.getString("until")));
        Reply zh = api.send(api.request("auth/login", null).header("Content-Type", "application/json")
                .header("Accept-Language", "zh-CN").POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"carol\",\"password\":\"carol\",\"deviceType\":\"phone\",\"clientId\":\"zh\"}")));
        assertTrue(zh.assertProblem(403, "ACCOUNT_SUSPENDED").getString("detail").contains("停用"), zh.body());
        CookieClient browser = new CookieClient(URI.create(base.toString()));
        Reply form = browser.postForm("api/auth/login", CookieClient.form("username", "carol", "password", "carol",
                "deviceType", "form"), browser.origin());
        assertEquals(303, form.status(), form.body());
        assertTrue(form.header("Location").contains("/signin.html?error=ACCOUNT_SUSPENDED"), form.header("Location"));
        assertEquals(0, sessionsOf("carol"));

        JsonObject listed = api.get("admin/bans", admin).assertOk(200);
        assertEquals(1, listed.getInt("total"), listed.toString());
        assertEquals("carol", listed.getJsonArray("items").getJsonObject(0).getString("userId"));
        audited("USER_BANNED", "carol");

        JsonObject lifted = api.delete("admin/bans/carol", admin).assertOk(200);
        assertEquals(until, Instant.parse(lifted.getJsonObject("lifted").getString("until")));
        audited("BAN_LIFTED", "carol");
        api.login("carol", "phone");
        assertEquals(0, api.get("admin/bans", admin).assertOk(200).getInt("total"));
        api.delete("admin/bans/carol", admin).assertProblem(404, "NOT_FOUND");
    }

    @Test
    void aBanOfAUserWithoutSessionsStandsAndEndsByItself() {
        assertEquals(0, sessionsOf("bob"));

        JsonObject answer = ban("bob", "{\"reason\":\"cool down\",\"ban\":\"PT3S\"}").assertOk(200);

        assertEquals(0, answer.getInt("kicked"));
        Instant until = Instant.parse(answer.getJsonObject("ban").getString("until"));
        api.tryLogin("bob", "bob", "web", "it-web").assertProblem(403, "ACCOUNT_SUSPENDED");
        Wait.until(Duration.ofSeconds(15), () -> "bob's ban (until " + until + ") to end",
                () -> api.tryLogin("bob", "bob", "web", "it-web").status() == 200);
        assertFalse(Instant.now().isBefore(until.minusSeconds(1)), "the ban ended early: " + Instant.now() + " " + until);
        assertEquals(0, api.get("admin/bans", admin).assertOk(200).getInt("total"));
    }

    @Test
    void badBansAnswer400AndChangeNothing() {
        Login alice = api.login("alice", "tablet");
        String tooFar = Instant.now().plus(Duration.ofDays(400)).toString();
        for (String bad : List.of("\"-PT5M\"", "\"PT0S\"", "\"P400D\"", "\"P366DT1M\"", "\"tomorrow\"", "\"\"", "\"PT30\"",
                "\"2020-01-01T00:00:00Z\"", "\"" + tooFar + "\"", "42", "{}")) {
            Reply reply = ban("alice", "{\"reason\":\"bad\",\"ban\":" + bad + "}");
            assertEquals(400, reply.status(), bad + ": " + reply.body());
            assertEquals("INVALID_REQUEST", reply.code(), bad + ": " + reply.body());
        }
        ban("alice", "{\"ban\":\"PT5M\",\"deviceType\":\"tablet\"}").assertProblem(400, "INVALID_REQUEST");

        api.get("auth/me", alice.token()).assertOk(200);
        api.login("alice", "phone");
        assertEquals(0, api.get("admin/bans", admin).assertOk(200).getInt("total"));
    }

    @Test
    void onlyAdminsBanListAndLift() {
        String alice = api.login("alice", "desk").token();
        Login bob = api.login("bob", "desk");

        api.post("admin/users/bob/logout", alice, "{\"ban\":\"PT5M\"}").assertProblem(403, "FORBIDDEN");
        api.get("admin/bans", alice).assertProblem(403, "FORBIDDEN");
        api.delete("admin/bans/bob", alice).assertProblem(403, "FORBIDDEN");

        api.get("auth/me", bob.token()).assertOk(200);
        api.login("bob", "other");
        ban("bob", "{\"ban\":\"PT5M\"}").assertOk(200);
        api.delete("admin/bans/bob", alice).assertProblem(403, "FORBIDDEN");
        api.tryLogin("bob", "bob", "web", "it-web").assertProblem(403, "ACCOUNT_SUSPENDED");
    }

    @Test
    void aSignInRacingTheBanLeavesNoLiveSession() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 5; round++) {
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger opened = new AtomicInteger();
                List<Future<?>> racers = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    racers.add(pool.submit(() -> {
                        while (!stop.get()) {
                            if (api.tryLogin("alice", "alice", "race", "it-race").status() == 200) {
                                opened.incrementAndGet();
                            }
                        }
                    }));
                }
                Wait.until(Duration.ofSeconds(10), () -> "logins before the ban", () -> opened.get() > 3);
                ban("alice", "{\"reason\":\"race\",\"ban\":\"PT5M\"}").assertOk(200);
                int afterBan = opened.get();
                // logins in flight when the kick answered may still land; none may open a session that stays
                Wait.until(Duration.ofSeconds(5), () -> "racers to keep trying after the ban",
                        () -> api.tryLogin("alice", "alice", "race", "it-race").status() == 403);
                stop.set(true);
                for (Future<?> racer : racers) {
                    racer.get(30, TimeUnit.SECONDS);
                }
                assertEquals(0, sessionsOf("alice"), "round " + round + ": " + (opened.get() - afterBan)
                        + " logins answered after the ban answered");
                api.delete("admin/bans/alice", admin).assertOk(200);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private Reply ban(String user, String body) {
        return api.post("admin/users/" + user + "/logout", admin, body);
    }

    private int sessionsOf(String user) {
        return api.get("admin/sessions?userId=" + user, admin).assertOk(200).getInt("total");
    }

    private void audited(String action, String user) {
        Wait.until(Duration.ofSeconds(10), () -> action + " of " + user + " in the audit trail",
                () -> api.get("admin/audit?limit=50", admin).assertOk(200).getJsonArray("items").stream()
                        .map(JsonValue::asJsonObject)
                        .anyMatch(entry -> entry.getString("action").equals(action)
                                && entry.getString("target").equals("user:" + user)
                                && entry.getJsonObject("actor").getString("userId").equals("admin")
                                && entry.getJsonObject("details").containsKey("until")));
    }
}
