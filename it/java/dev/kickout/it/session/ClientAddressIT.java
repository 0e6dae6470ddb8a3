package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Behind a reverse proxy: with {@code kickout.trusted-proxies=127.0.0.1/32} (the test plays the proxy
 * on loopback) the session listing, the audit trail and the login throttle see the address of
 * {@code X-Forwarded-For}, and {@code X-Forwarded-Proto}/{@code -Host} give the cookies {@code Secure}
 * and the redirects the public origin; without the setting the same headers, as a client could forge
 * them, change nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClientAddressIT {

    private static final int PER_ADDRESS = 3;
    private static final String PUBLIC_HOST = "app.example.com";

    @Deployment(name = "proxied", testable = false)
    static WebArchive proxied() {
        return war("proxied", Map.of("kickout.trusted-proxies", "127.0.0.1/32"));
    }

    @Deployment(name = "direct", testable = false)
    static WebArchive direct() {
        return war("direct", Map.of());
    }

    /** Another untrusting deployment, whose 127.0.0.1 the throttle test may block without blocking the others. */
    @Deployment(name = "forged", testable = false)
    static WebArchive forged() {
        return war("forged", Map.of());
    }

    private static WebArchive war(String name, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "kickout.key-prefix", name,
                "kickout.login.throttle.window", "PT1M",
                "kickout.login.throttle.max-failures-per-address", Integer.toString(PER_ADDRESS),
                "kickout.cookie.enabled", "true",
                "kickout.cookie.sign-in-page", "/signin.html",
                "kickout.filter.include", "/api/*,/cookie/*"));
        settings.putAll(extra);
        return Deployments.referenceWar(name + ".war", settings);
    }

    @Test
    void aTrustedProxysForwardedAddressIsTheSessionsAddress(@ArquillianResource @OperateOnDeployment("proxied") URL base) {
        Api api = new Api(base);
        String client = randomAddress("203.0.113");
        // the client itself claimed 6.6.6.6; the proxy appended the address it saw
        JsonObject login = login(api, "alice", "6.6.6.6, " + client).assertOk(200);
        assertEquals(client, login.getJsonObject("session").getString("ip"));

        String admin = login(api, "admin", "10.0.0.1").assertOk(200).getString("token");
        assertEquals(client, listedIp(api, admin, "alice", login.getJsonObject("session").getString("sessionId")));
    }

    @Test
    void aTrustedProxysForwardedAddressIsTheAuditActor(@ArquillianResource @OperateOnDeployment("proxied") URL base) {
        Api api = new Api(base);
        String adminAddress = randomAddress("198.51.100");
        String admin = login(api, "admin", adminAddress).assertOk(200).getString("token");
        String sessionId = login(api, "bob", randomAddress("203.0.113")).assertOk(200)
                .getJsonObject("session").getString("sessionId");

        api.send(api.request("admin/sessions/" + sessionId + "?reason=proxy", admin)
                .header("X-Forwarded-For", adminAddress).DELETE()).assertOk(200);

        JsonObject kick = auditEntry(api, admin, "FORCE_LOGOUT", "session:" + sessionId);
        assertEquals(adminAddress, kick.getJsonObject("actor").getString("ip"));
    }

    @Test
    void theThrottleCountsEachForwardedAddressApart(@ArquillianResource @OperateOnDeployment("proxied") URL base) {
        Api api = new Api(base);
        String attacker = randomAddress("192.0.2");
        String bystander = randomAddress("203.0.113");
        for (int i = 0; i < PER_ADDRESS; i++) {
            loginAs(api, "spray-" + i, "guess", attacker).assertProblem(401, "BAD_CREDENTIALS");
        }
        loginAs(api, "carol", "carol", attacker).assertProblem(429, "TOO_MANY_ATTEMPTS");
        // same proxy, another client: not throttled
        loginAs(api, "spray-x", "guess", bystander).assertProblem(401, "BAD_CREDENTIALS");
        loginAs(api, "carol", "carol", bystander).assertOk(200);

        String admin = login(api, "admin", bystander).assertOk(200).getString("token");
        JsonObject trip = auditEntry(api, admin, "LOGIN_THROTTLED", "address:" + attacker);
        assertEquals(attacker, trip.getJsonObject("actor").getString("ip"));
    }

    @Test
    void withoutTrustedProxiesAForgedHeaderIsIgnored(@ArquillianResource @OperateOnDeployment("direct") URL base) {
        Api api = new Api(base);
        JsonObject login = login(api, "alice", randomAddress("203.0.113")).assertOk(200);
        assertEquals("127.0.0.1", login.getJsonObject("session").getString("ip"));
        String adminForged = randomAddress("198.51.100");
        String admin = login(api, "admin", adminForged).assertOk(200).getString("token");
        String sessionId = login.getJsonObject("session").getString("sessionId");
        assertEquals("127.0.0.1", listedIp(api, admin, "alice", sessionId));

        api.send(api.request("admin/sessions/" + sessionId + "?reason=forged", admin)
                .header("X-Forwarded-For", adminForged).DELETE()).assertOk(200);
        assertEquals("127.0.0.1", auditEntry(api, admin, "FORCE_LOGOUT", "session:" + sessionId)
                .getJsonObject("actor").getString("ip"));
    }

    @Test
    void withoutTrustedProxiesAForgedHeaderDoesNotEscapeTheThrottle(
            @ArquillianResource @OperateOnDeployment("forged") URL base) {
        Api api = new Api(base);
        // each attempt claims another address: all of them count against 127.0.0.1
        for (int i = 0; i < PER_ADDRESS; i++) {
            loginAs(api, "spray-" + i, "guess", randomAddress("192.0.2")).assertProblem(401, "BAD_CREDENTIALS");
        }
        loginAs(api, "carol", "carol", randomAddress("203.0.113")).assertProblem(429, "TOO_MANY_ATTEMPTS");
    }

    @Test
    void behindATrustedTlsProxyCookiesAreSecureAndRedirectsPublic(
            @ArquillianResource @OperateOnDeployment("proxied") URL base) {
        CookieClient browser = new CookieClient(URI.create(base.toString()));
        String context = URI.create(base.toString()).getRawPath().replaceAll("/$", "");
        String origin = "https://" + PUBLIC_HOST;

        Reply signedIn = browser.postForm("api/auth/login", signInForm("alice"), origin, forwarded("https", PUBLIC_HOST));
        assertEquals(303, signedIn.status(), signedIn::body);
        assertEquals(origin + context + "/cookie/demo", signedIn.header("Location"));
        // on https the session cookie takes the __Host- prefix (kickout.cookie.host-prefix=auto): Secure, Path=/, no Domain
        String session = browser.setCookieLine("__Host-KICKOUT_SESSION");
        assertNotNull(session, "no __Host- session cookie over https");
        assertNull(browser.setCookieLine("KICKOUT_SESSION"));
        List<String> attributes = CookieClient.attributes(session);
        assertTrue(attributes.contains("secure") && attributes.contains("path=/") && attributes.contains("httponly"), session);
        assertFalse(attributes.stream().anyMatch(a -> a.startsWith("domain")), session);
        assertTrue(CookieClient.attributes(browser.setCookieLine("KICKOUT_CSRF")).contains("secure"),
                browser.setCookieLine("KICKOUT_CSRF"));
        System.out.println("[figure] cookie-host-prefix (" + System.getProperty("kickout.it.server", "wildfly")
                + ", https at a trusted proxy): " + session.replaceFirst("=[^;]*", "=<token>"));
        Reply me = browser.send(browser.request("api/auth/me", forwarded("https", PUBLIC_HOST))
                .header("Accept", "application/json").GET());
        assertEquals("alice", me.assertOk(200).getString("username"));
        // over https only the __Host- cookie counts: the plain name, which a sibling site could plant, is not read
        CookieClient planted = new CookieClient(URI.create(base.toString()));
        planted.setCookie("KICKOUT_SESSION", browser.cookie("__Host-KICKOUT_SESSION"));
        planted.send(planted.request("api/auth/me", forwarded("https", PUBLIC_HOST)).header("Accept", "application/json").GET())
                .assertProblem(401, "TOKEN_MISSING");

        CookieClient anonymous = new CookieClient(URI.create(base.toString()));
        Reply page = anonymous.send(anonymous.request("cookie/demo", forwarded("https", PUBLIC_HOST))
                .header("Accept", "text/html").GET());
        assertEquals(303, page.status(), page::body);
        assertEquals(origin + context + "/signin.html?reason=TOKEN_MISSING&next=%2Fcookie%2Fdemo", page.header("Location"));

        // plain http at the proxy: no Secure, and the redirect names the http origin
        CookieClient plain = new CookieClient(URI.create(base.toString()));
        Reply overHttp = plain.postForm("api/auth/login", signInForm("bob"), "http://" + PUBLIC_HOST,
                forwarded("http", PUBLIC_HOST));
        assertEquals(303, overHttp.status(), overHttp::body);
        assertEquals("http://" + PUBLIC_HOST + context + "/cookie/demo", overHttp.header("Location"));
        assertFalse(CookieClient.attributes(plain.setCookieLine("KICKOUT_SESSION")).contains("secure"));
    }

    @Test
    void aMalformedForwardedHostIsNotUsed(@ArquillianResource @OperateOnDeployment("proxied") URL base) {
        CookieClient anonymous = new CookieClient(URI.create(base.toString()));
        for (String host : List.of("evil.example/x", "evil.example, " + PUBLIC_HOST, "user@evil.example", "evil.example:99999")) {
            Reply page = anonymous.send(anonymous.request("cookie/demo", forwarded("https", host))
                    .header("Accept", "text/html").GET());
            assertEquals(303, page.status(), page::body);
            String location = page.header("Location");
            assertNotNull(location);
            assertFalse(location.contains("evil"), () -> host + " -> " + location);
        }
    }

    @Test
    void withoutTrustedProxiesForwardedProtoAndHostAreIgnored(@ArquillianResource @OperateOnDeployment("direct") URL base) {
        URI context = URI.create(base.toString());
        CookieClient browser = new CookieClient(context);
        String origin = context.getScheme() + "://" + context.getAuthority();

        Reply signedIn = browser.postForm("api/auth/login", signInForm("alice"), origin, forwarded("https", PUBLIC_HOST));
        assertEquals(303, signedIn.status(), signedIn::body);
        assertFalse(CookieClient.attributes(browser.setCookieLine("KICKOUT_SESSION")).contains("secure"),
                browser.setCookieLine("KICKOUT_SESSION"));
        assertSameServer(context, signedIn.header("Location"));

        // the forged host is not the origin the login's CSRF check compares with either
        Reply forgedOrigin = new CookieClient(context).postForm("api/auth/login", signInForm("alice"),
                "https://" + PUBLIC_HOST, forwarded("https", PUBLIC_HOST));
        assertEquals(303, forgedOrigin.status(), forgedOrigin::body);
        assertTrue(forgedOrigin.header("Location").contains("error=CSRF_REJECTED"), forgedOrigin.header("Location"));
        assertSameServer(context, forgedOrigin.header("Location"));

        CookieClient anonymous = new CookieClient(context);
        Reply page = anonymous.send(anonymous.request("cookie/demo", forwarded("https", PUBLIC_HOST))
                .header("Accept", "text/html").GET());
        assertEquals(303, page.status(), page::body);
        assertSameServer(context, page.header("Location"));
    }

    /** A relative Location (WildFly) or one a container made absolute on the server's own origin (Payara). */
    private static void assertSameServer(URI context, String location) {
        assertNotNull(location, "no Location");
        URI resolved = context.resolve(location);
        assertEquals(context.getScheme() + "://" + context.getAuthority(), resolved.getScheme() + "://" + resolved.getAuthority(),
                location);
    }

    private static String[] forwarded(String proto, String host) {
        return new String[] {"X-Forwarded-Proto", proto, "X-Forwarded-Host", host, "X-Forwarded-For", randomAddress("203.0.113")};
    }

    private static String signInForm(String user) {
        return CookieClient.form("username", user, "password", user, "deviceType", "web", "clientId", "it-proxy",
                "next", "/cookie/demo");
    }

    private static Reply login(Api api, String user, String forwardedFor) {
        return loginAs(api, user, user, forwardedFor);
    }

    private static Reply loginAs(Api api, String user, String password, String forwardedFor) {
        String body = Json.createObjectBuilder().add("username", user).add("password", password)
                .add("deviceType", "web").add("clientId", "it-proxy")
                .build().toString();
        return api.send(api.request("auth/login", null).header("Content-Type", "application/json")
                .header("X-Forwarded-For", forwardedFor).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static String listedIp(Api api, String admin, String userId, String sessionId) {
        return api.get("admin/sessions?userId=" + userId + "&limit=100", admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject).filter(s -> s.getString("sessionId").equals(sessionId)).findFirst()
                .orElseThrow(() -> new AssertionError("session " + sessionId + " not listed")).getString("ip");
    }

    private static JsonObject auditEntry(Api api, String admin, String action, String target) {
        return api.get("admin/audit?limit=500&action=" + action, admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject).filter(e -> e.getString("target").equals(target)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + action + " entry for " + target));
    }

    /** A documentation address (RFC 5737) no other test uses at the same time. */
    private static String randomAddress(String net) {
        return net + "." + ThreadLocalRandom.current().nextInt(1, 255);
    }
}
