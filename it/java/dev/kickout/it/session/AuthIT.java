package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Instant;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Login, me, status, logout and every 401 of the token filter, on the reference WAR. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuthIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void loginAnswersATokenAndTheSessionView() {
        Login login = api.login("alice", "laptop");

        assertTrue(login.token().matches("[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}"), login.token());
        JsonObject session = login.body().getJsonObject("session");
        assertEquals("alice", session.getString("userId"));
        assertEquals("alice", session.getString("username"));
        assertEquals("laptop", session.getString("deviceType"));
        assertEquals("it-laptop", session.getString("clientId"));
        assertEquals("127.0.0.1", session.getString("ip"));
        assertTrue(session.getBoolean("current"));
        assertFalse(login.token().contains(login.sessionId().substring(23)), "session id is not part of the token");
        assertTrue(Instant.parse(session.getString("expiresAt")).isAfter(Instant.parse(session.getString("loginTime"))));
        assertEquals(0, login.body().getJsonArray("replaced").size());
    }

    @Test
    void meAndStatusDescribeTheCallersSession() {
        Login login = api.login("bob", "phone");

        JsonObject me = api.get("auth/me", login.token()).assertOk(200);
        assertEquals(login.sessionId(), me.getString("sessionId"));
        assertEquals("bob", me.getString("userId"));
        assertTrue(me.getBoolean("current"));

        JsonObject status = api.get("auth/status", login.token()).assertOk(200);
        assertEquals("ACTIVE", status.getString("state"));
        Instant.parse(status.getString("expiresAt"));
    }

    @Test
    void theHostAppSeesPrincipalAndRoles() {
        JsonObject alice = api.get("app/demo/whoami", api.login("alice", "web").token()).assertOk(200);
        assertEquals("alice", alice.getString("name"));
        assertTrue(alice.getBoolean("user"));
        assertFalse(alice.getBoolean("admin"));

        JsonObject admin = api.get("app/demo/whoami", api.login("admin", "web").token()).assertOk(200);
        assertTrue(admin.getBoolean("admin"));
        assertFalse(admin.getBoolean("user"));
    }

    @Test
    void logoutEndsTheSessionAndItsTokenSaysWhy() {
        Login login = api.login("carol", "tablet");

        api.post("auth/logout", login.token(), null).assertOk(204);

        JsonObject problem = api.get("auth/me", login.token()).assertProblem(401, "LOGGED_OUT");
        assertEquals("carol", problem.getString("by"));
        Instant.parse(problem.getString("at"));
        assertTrue(problem.containsKey("reason"));
        api.get("auth/status", login.token()).assertProblem(401, "LOGGED_OUT");
        api.post("auth/logout", login.token(), null).assertProblem(401, "LOGGED_OUT");
    }

    @Test
    void logoutEndsOnlyThatSession() {
        Login first = api.login("alice", "desk-1");
        Login second = api.login("alice", "desk-2");

        api.post("auth/logout", first.token(), null).assertOk(204);

        api.get("auth/me", second.token()).assertOk(200);
    }

    @Test
    void wrongPasswordOrUnknownUserIsRefused() {
        api.tryLogin("alice", "not-alice", "web", "c1").assertProblem(401, "BAD_CREDENTIALS");
        api.tryLogin("mallory", "mallory", "web", "c1").assertProblem(401, "BAD_CREDENTIALS");
    }

    @Test
    void everyMissingOrUnknownTokenGetsItsCode() {
        api.get("auth/me", null).assertProblem(401, "TOKEN_MISSING");
        api.send(api.request("auth/me", null).header("Authorization", "Basic YWxpY2U6YWxpY2U="))
                .assertProblem(401, "TOKEN_MISSING");
        Login login = api.login("bob", "web");
        String forged = login.token().substring(0, login.token().length() - 4) + "AAAA";
        assertNotEquals(login.token(), forged);
        api.get("auth/me", forged).assertProblem(401, "TOKEN_INVALID");
        api.get("auth/me", "not-a-token").assertProblem(401, "TOKEN_INVALID");
    }

    @Test
    void unguardedPagesNeedNoToken() {
        assertEquals(200, api.send(api.request("../index.html", null).GET()).status());
    }
}
