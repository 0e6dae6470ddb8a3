package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.docs.LoginServlet;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.RedisMonitor;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HttpSession mode in the FORM-login example ({@code examples/faces-form-login}): {@code web.xml} FORM login
 * against the server's own realm, its {@code HttpSession} untouched. Each test signs in through the
 * container's form, as a browser does (a cookie-keeping client that never follows redirects).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HttpSessionModeIT {

    private static final int REQUESTS = 400;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return FormsWar.archive("forms.war", "kickout.login.policy=SINGLE\n").addClass(LoginServlet.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theContainersLoginIsListedAndAKickEndsItsHttpSessionAtOnce() throws Exception {
        CookieClient alice = signIn("alice");
        String[] me = alice.get(FormsWar.ME).body().split(" ");
        assertEquals("alice", me[0]);
        CookieClient admin = signIn("admin");
        JsonObject listed = admin.get("kickout/api/admin/sessions?userId=alice", "Accept", "application/json").assertOk(200);
        assertEquals(1, listed.getInt("total"), listed.toString());
        JsonObject session = listed.getJsonArray("items").getJsonObject(0);
        assertEquals(me[1], session.getString("sessionId"));
        assertEquals("web", session.getString("deviceType"));
        try (EventStream events = EventStream.open(alice.request("kickout/api/events"))) {
            assertEquals(200, events.status(), events.body());
            assertEquals("STREAM_OPEN", events.nextAny(Duration.ofSeconds(10)).type(), "the stream to be open before the kick");
            Reply kick = admin.send(admin.request("kickout/api/admin/sessions/" + me[1] + "?reason=Account%20disabled",
                    "X-CSRF-Token", admin.cookie("KICKOUT_CSRF")).DELETE());
            kick.assertOk(200);
            EventStream.Event event = events.next(Duration.ofSeconds(10));
            assertEquals("FORCE_LOGOUT", event.type(), event.data());
            assertEquals("Account disabled", event.json().getString("reason"));
        }
        // the HttpSession ends on the server at once, without a request of alice's (the app's own listener)
        Wait.until(Duration.ofSeconds(10), () -> "alice's HttpSession " + me[2] + " to end", () -> status(me[2]).equals("ended"));
        // her next page load shows the container's login page, which knows why
        Reply page = alice.page(FormsWar.HOME);
        assertTrue(FormsWar.saysWhy(page, "KICKED"), page.status() + " " + page.body());
        assertTrue(page.body().contains("An administrator signed you out."), page.body());
        assertTrue(page.body().contains("Signed out by admin. Reason: Account disabled"), page.body());
        assertEquals(0, admin.get("kickout/api/admin/sessions?userId=alice", "Accept", "application/json").assertOk(200)
                .getInt("total"));
    }

    @Test
    void aLoginServletOfTheAppsOwnThatSignsInThroughTheContainerIsFollowedToo() {
        CookieClient judy = new CookieClient(URI.create(base.toString()));
        Reply signedIn = judy.postForm("signin", CookieClient.form("username", "judy", "password", FormsWar.PASSWORD), null);
        assertTrue(signedIn.status() == 302 || signedIn.status() == 303, signedIn.status() + " " + signedIn.body());
        String[] me = judy.get(FormsWar.ME).body().split(" ");
        assertEquals("judy", me[0], String.join(" ", me));
        CookieClient admin = signIn("admin");
        JsonObject listed = admin.get("kickout/api/admin/sessions?userId=judy", "Accept", "application/json").assertOk(200);
        assertEquals(me[1], listed.getJsonArray("items").getJsonObject(0).getString("sessionId"), listed.toString());
        FormsWar.kick(admin, me[1], "Shift over").assertOk(200);
        Wait.until(Duration.ofSeconds(10), () -> "judy's HttpSession to end", () -> status(me[2]).equals("ended"));
        assertTrue(FormsWar.saysWhy(judy.page(FormsWar.HOME), "KICKED"), "the login page says why");
        Reply wrong = new CookieClient(URI.create(base.toString()))
                .postForm("signin", CookieClient.form("username", "judy", "password", "not-her-password"), null);
        assertTrue(String.valueOf(wrong.header("Location")).endsWith("/login.xhtml?failed=true"), wrong.status() + " " + wrong.headers());
    }

    @Test
    void theTokenOfAnHttpSessionCountsOnlyThroughIt() {
        CookieClient ivan = signIn("ivan");
        String token = ivan.get("orders/probe/bound-token").body();
        ivan.get("kickout/api/auth/me", "Accept", "application/json").assertOk(200);

        CookieClient elsewhere = new CookieClient(URI.create(base.toString()));
        elsewhere.get("kickout/api/auth/me", "Accept", "application/json", "Authorization", "Bearer " + token)
                .assertProblem(401, "TOKEN_INVALID");
        Reply page = elsewhere.get(FormsWar.ME, "Authorization", "Bearer " + token);
        assertFalse(page.status() == 200 && page.body().startsWith("ivan "), "an app page took the token: " + page.body());
        assertEquals("ivan", ivan.get("kickout/api/auth/me", "Accept", "application/json").assertOk(200)
                .getString("userId"), "the session itself lives on");
        ivan.get("orders/probe/logout");
    }

    @Test
    void aKickedSessionsApiCallGetsTheProblemWithTheReason() {
        CookieClient bob = signIn("bob");
        String[] me = bob.get(FormsWar.ME).body().split(" ");
        CookieClient admin = signIn("admin");
        admin.send(admin.request("kickout/api/admin/sessions/" + me[1] + "?reason=Fraud%20check",
                "X-CSRF-Token", admin.cookie("KICKOUT_CSRF")).DELETE()).assertOk(200);
        Wait.until(Duration.ofSeconds(10), () -> "bob's HttpSession to end", () -> status(me[2]).equals("ended"));
        JsonObject problem = bob.get("kickout/api/auth/me", "Accept", "application/json").assertProblem(401, "KICKED");
        assertEquals("Fraud check", problem.getString("reason"));
        assertEquals("admin", problem.getString("by"));
    }

    @Test
    void underSingleASecondSignInReplacesTheFirst() {
        CookieClient first = signIn("carol");
        String[] before = first.get(FormsWar.ME).body().split(" ");
        CookieClient second = signIn("carol");
        String[] after = second.get(FormsWar.ME).body().split(" ");
        assertNotEquals(before[1], after[1]);
        Wait.until(Duration.ofSeconds(10), () -> "the first HttpSession to end", () -> status(before[2]).equals("ended"));
        Reply page = first.page(FormsWar.HOME);
        assertTrue(FormsWar.saysWhy(page, "REPLACED"), page.body());
        assertEquals("live", status(after[2]));
        assertEquals(200, second.get(FormsWar.ME).status());
    }

    @Test
    void concurrentSignInsUnderSingleLeaveExactlyOne() throws Exception {
        int browsers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(browsers);
        try {
            List<Future<CookieClient>> signIns = new ArrayList<>();
            for (int i = 0; i < browsers; i++) {
                // a sign-in replaced before its first page was answered gets the login page: only the outcome counts
                signIns.add(pool.submit(() -> FormsWar.signInRacing(base, "ivan")));
            }
            List<CookieClient> clients = new ArrayList<>();
            for (Future<CookieClient> signIn : signIns) {
                clients.add(signIn.get(60, TimeUnit.SECONDS));
            }
            CookieClient admin = signIn("admin");
            JsonObject listed = admin.get("kickout/api/admin/sessions?userId=ivan", "Accept", "application/json").assertOk(200);
            assertEquals(1, listed.getInt("total"), listed.toString());
            String survivor = listed.getJsonArray("items").getJsonObject(0).getString("sessionId");
            long signedIn = clients.stream().filter(client -> {
                Reply me = client.get(FormsWar.ME);
                return me.status() == 200 && me.body().startsWith("ivan " + survivor + " ");
            }).count();
            assertEquals(1, signedIn, "exactly one of the " + browsers + " browsers is still signed in, with the listed session");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theHttpSessionsEndEndsTheKickoutSession() {
        CookieClient dave = signIn("dave");
        String[] me = dave.get(FormsWar.ME).body().split(" ");
        dave.get("orders/probe/logout");
        CookieClient admin = signIn("admin");
        Reply listed = admin.get("kickout/api/admin/sessions?userId=dave", "Accept", "application/json");
        assertEquals(0, listed.assertOk(200).getInt("total"), listed.body());
        // and its token is refused as signed out
        assertEquals("ended", status(me[2]));
    }

    @Test
    void aSessionThatTimesOutLeavesTheListing() {
        CookieClient erin = signIn("erin");
        assertEquals(200, erin.get("orders/probe/short").status());
        CookieClient admin = signIn("admin");
        Wait.until(Duration.ofSeconds(90), () -> "erin's session to leave the listing after her HttpSession timed out",
                () -> admin.get("kickout/api/admin/sessions?userId=erin", "Accept", "application/json")
                        .assertOk(200).getInt("total") == 0);
    }

    @Test
    void aNewSessionIdKeepsTheSameKickoutSession() {
        CookieClient frank = signIn("frank");
        String[] before = frank.get(FormsWar.ME).body().split(" ");
        String rotated = frank.get("orders/probe/rotate").body();
        assertNotEquals(before[2], rotated);
        String[] after = frank.get(FormsWar.ME).body().split(" ");
        assertEquals(before[1], after[1], "the same Kickout session after changeSessionId");
        assertEquals(rotated, after[2]);
        CookieClient admin = signIn("admin");
        assertEquals(1, admin.get("kickout/api/admin/sessions?userId=frank", "Accept", "application/json").assertOk(200)
                .getInt("total"));
        admin.send(admin.request("kickout/api/admin/sessions/" + after[1] + "?reason=Rotated",
                "X-CSRF-Token", admin.cookie("KICKOUT_CSRF")).DELETE()).assertOk(200);
        Wait.until(Duration.ofSeconds(10), () -> "the rotated HttpSession to end", () -> status(rotated).equals("ended"));
    }

    @Test
    void theModulesUnsafeCallsNeedTheCsrfTokenAndTheAppsGuardedSaveSeesTheCaller() {
        CookieClient grace = signIn("grace");
        grace.post("kickout/api/locks/order/A-1001", "Accept", "application/json").assertProblem(403, "CSRF_REJECTED");
        String lockToken = grace.post("kickout/api/locks/order/A-1001", "Accept", "application/json",
                "X-CSRF-Token", grace.cookie("KICKOUT_CSRF")).assertOk(201).getString("lockToken");
        // the app's own guarded save sees the same caller: with the lock token it runs, without it is refused
        Reply saved = grace.post("orders/probe/save?order=A-1001", "X-Lock-Token", lockToken);
        assertTrue(saved.body().startsWith("saved A-1001 "), saved.status() + " " + saved.body());
        Reply refused = grace.post("orders/probe/save?order=A-1002", "X-Lock-Token", lockToken);
        assertEquals(409, refused.status(), refused.body());
        assertEquals("LOCK_LOST", refused.body());
    }

    @Test
    void aCheckedRequestCostsWhatItCostsInTheOtherModes() {
        CookieClient heidi = signIn("heidi");
        assertEquals(200, heidi.get(FormsWar.ME).status());
        String record = "\"" + FormsWar.PREFIX + ":{" + RedisKeys.userTag("heidi") + "}:u\"";
        List<String> lines;
        try (RedisMonitor monitor = RedisMonitor.watch(TestRedis.port())) {
            for (int i = 0; i < REQUESTS; i++) {
                assertEquals(200, heidi.get(FormsWar.ME).status());
            }
            lines = monitor.lines();
        }
        long scripts = lines.stream().filter(line -> line.contains(record) && isScriptCall(line)).count();
        boolean nearCache = !"false".equals(System.getProperty(Deployments.NEAR_CACHE_OVERRIDE, "").trim());
        System.out.printf("[figure] HttpSession mode, near cache %s: %d requests ran %d scripts of that user: %.4f per request%n",
                nearCache ? "on" : "off", REQUESTS, scripts, scripts / (double) REQUESTS);
        double allowed = nearCache ? 0.05 : 1.0;
        assertTrue(scripts <= REQUESTS * allowed, scripts + " scripts for " + REQUESTS + " requests (at most " + allowed
                + " a request)");
    }

    CookieClient signIn(String user) {
        return FormsWar.signIn(base, user);
    }

    /** Whether the app's own listener saw the HttpSession end (asked without any cookie). */
    String status(String httpSessionId) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "probe/status?id=" + httpSessionId)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isScriptCall(String monitorLine) {
        String line = monitorLine.toLowerCase(Locale.ROOT);
        return !line.contains(" lua] ") && (line.contains("] \"evalsha\" ") || line.contains("] \"eval\" "));
    }
}
