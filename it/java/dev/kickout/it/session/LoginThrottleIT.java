package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Failed logins are throttled per username and per client address: after the limit, attempts are
 * refused with 429 and Retry-After before the identity store is asked (a correct password is
 * refused too), a success clears the username's count, and each trip is audited exactly once.
 * Counters are global Redis state: each deployment has its own key prefix, each test its own names.
 * All attempts come from 127.0.0.1 without a device cookie, so the username's limit here is its
 * ceiling over all addresses; parallel guessing, other addresses and known devices are
 * {@link LoginThrottleAttackIT}'s.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginThrottleIT {

    private static final int PER_USER = 3;
    private static final int PER_ADDRESS = 4;

    @Deployment(name = "user", testable = false)
    static WebArchive perUser() {
        return Deployments.referenceWar("throttle-user.war", Map.of(
                "kickout.key-prefix", "throttle-user",
                "kickout.login.throttle.window", "PT1M",
                "kickout.login.throttle.max-failures-per-user", Integer.toString(PER_USER),
                "kickout.login.throttle.max-failures-per-address", "1000"));
    }

    @Deployment(name = "address", testable = false)
    static WebArchive perAddress() {
        return Deployments.referenceWar("throttle-address.war", Map.of(
                "kickout.key-prefix", "throttle-address",
                "kickout.login.throttle.window", "PT1M",
                "kickout.login.throttle.max-failures-per-user", "1000",
                "kickout.login.throttle.max-failures-per-address", Integer.toString(PER_ADDRESS)));
    }

    @Test
    void failuresOfOneUsernameEndInTooManyAttempts(@ArquillianResource @OperateOnDeployment("user") URL base) {
        Api api = new Api(base);
        String name = "ghost-" + UUID.randomUUID();
        for (int i = 0; i < PER_USER; i++) {
            api.tryLogin(name, "guess-" + i, "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        Reply refused = api.tryLogin(name, "guess", "web", "c");
        refused.assertProblem(429, "TOO_MANY_ATTEMPTS");
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After is what is left of the 1 min window: " + retryAfter);
        api.tryLogin(name.toUpperCase(), "guess", "web", "c").assertProblem(429, "TOO_MANY_ATTEMPTS");
        api.tryLogin("other-" + name, "guess", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
    }

    @Test
    void aThrottledUserIsRefusedEvenWithTheRightPasswordAndAuditedOnce(
            @ArquillianResource @OperateOnDeployment("user") URL base) {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        for (int i = 0; i < PER_USER; i++) {
            api.tryLogin("alice", "wrong-" + i, "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        for (int i = 0; i < 5; i++) {
            api.tryLogin("alice", "alice", "web", "c").assertProblem(429, "TOO_MANY_ATTEMPTS");
        }
        List<JsonObject> trips = throttled(api, admin, "user:alice");
        assertEquals(1, trips.size(), () -> "one entry per trip, not per attempt: " + trips);
        JsonObject trip = trips.get(0);
        assertEquals("THROTTLED", trip.getString("outcome"));
        assertEquals("USER", trip.getJsonObject("details").getString("kind"));
        assertTrue(trip.getString("reason").startsWith(PER_USER + " failed sign-ins"), trip::toString);
    }

    @Test
    void aSuccessfulLoginClearsTheUsernamesCount(@ArquillianResource @OperateOnDeployment("user") URL base) {
        Api api = new Api(base);
        for (int i = 0; i < PER_USER - 1; i++) {
            api.tryLogin("bob", "wrong", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        api.login("bob", "web");
        for (int i = 0; i < PER_USER - 1; i++) {
            api.tryLogin("bob", "wrong", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        api.login("bob", "web");
        for (int i = 0; i < PER_USER; i++) {
            api.tryLogin("bob", "wrong", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        api.tryLogin("bob", "bob", "web", "c").assertProblem(429, "TOO_MANY_ATTEMPTS");
    }

    @Test
    void failuresFromOneAddressThrottleEveryUsername(@ArquillianResource @OperateOnDeployment("address") URL base) {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        String prefix = "spray-" + UUID.randomUUID() + "-";
        for (int i = 0; i < PER_ADDRESS; i++) {
            api.tryLogin(prefix + i, "guess", "web", "c").assertProblem(401, "BAD_CREDENTIALS");
        }
        Reply refused = api.tryLogin("carol", "carol", "web", "c");
        refused.assertProblem(429, "TOO_MANY_ATTEMPTS");
        assertTrue(refused.json().getString("detail").contains("address"), refused::body);
        assertTrue(Long.parseLong(refused.header("Retry-After")) <= 60);
        api.tryLogin(prefix + "next", "guess", "web", "c").assertProblem(429, "TOO_MANY_ATTEMPTS");

        List<JsonObject> trips = throttled(api, admin, "address:127.0.0.1");
        assertEquals(1, trips.size(), () -> "one entry per trip: " + trips);
        assertEquals("127.0.0.1", trips.get(0).getJsonObject("actor").getString("ip"));
        assertEquals("ADDRESS", trips.get(0).getJsonObject("details").getString("kind"));
    }

    private static List<JsonObject> throttled(Api api, String admin, String target) {
        return api.get("admin/audit?limit=500", admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject)
                .filter(entry -> entry.getString("action").equals("LOGIN_THROTTLED"))
                .filter(entry -> entry.getString("target").equals(target))
                .toList();
    }
}
