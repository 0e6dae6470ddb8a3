package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import dev.kickout.redis.RedisKeys;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/**
 * Sliding expiry and the absolute cap, with a 2 s idle timeout and a 4 s max lifetime. The waits
 * here let wall-clock time pass for expiry; they synchronise with nothing.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SessionLifetimeIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of(
                "kickout.session.ttl", "PT2S",
                "kickout.session.max-lifetime", "PT4S"));
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void everyRequestPushesExpiryForward() throws InterruptedException {
        Login login = api.login("alice", "web");
        Instant first = expiresAt(api.get("auth/status", login.token()));
        Thread.sleep(50);
        Instant second = expiresAt(api.get("auth/status", login.token()));
        assertTrue(second.isAfter(first), first + " then " + second);
        Instant lastSeen = Instant.parse(api.get("auth/me", login.token()).json().getString("lastSeen"));
        assertFalse(lastSeen.isBefore(second.minusSeconds(2)));
    }

    @Test
    void anIdleSessionExpires() throws InterruptedException {
        Login login = api.login("bob", "web");
        Thread.sleep(2300);
        api.get("auth/status", login.token()).assertProblem(401, "TOKEN_EXPIRED");
    }

    @Test
    void theMaxLifetimeCapsEvenABusySession() throws InterruptedException {
        Login login = api.login("carol", "web");
        Instant loginTime = Instant.parse(login.body().getJsonObject("session").getString("loginTime"));
        Instant cap = loginTime.plus(Duration.ofSeconds(4));
        Reply reply = api.get("auth/status", login.token());
        while (reply.status() == 200) {
            assertFalse(expiresAt(reply).isAfter(cap), "expiry never passes the cap");
            assertTrue(Instant.now().isBefore(cap.plusSeconds(2)), "still alive well after the cap");
            Thread.sleep(250);
            reply = api.get("auth/status", login.token());
        }
        reply.assertProblem(401, "TOKEN_EXPIRED");
        assertTrue(Instant.now().isAfter(cap.minusMillis(500)), "expired long before the cap");
        assertEquals(401, api.get("auth/me", login.token()).status());
    }

    @Test
    void anExpiredTokenIsForgottenOneTtlPastItsCap() throws InterruptedException {
        Login login = api.login("alice", "lifetime");
        Instant loginTime = Instant.parse(login.body().getJsonObject("session").getString("loginTime"));
        Thread.sleep(2000);
        Login later = api.login("alice", "lifetime-later");
        Instant forgetAt = loginTime.plusSeconds(4 + 2);
        String code = api.get("auth/status", login.token()).code();
        while (!"TOKEN_INVALID".equals(code)) {
            assertEquals("TOKEN_EXPIRED", code, "an expired token says so until it is forgotten");
            assertTrue(Instant.now().isBefore(forgetAt.plusSeconds(3)), "still remembered well past cap + ttl");
            Thread.sleep(200);
            code = api.get("auth/status", login.token()).code();
        }
        assertTrue(Instant.now().isAfter(forgetAt.minusMillis(500)), "forgotten before one ttl past its cap");
        Map<String, String> dead = TestRedis.client().<String, String>getMap(
                "kickout:{" + RedisKeys.userTag("alice") + "}:h", StringCodec.INSTANCE).readAllMap();
        assertTrue(dead.keySet().stream().noneMatch(field -> field.endsWith(login.sessionId())),
                () -> "the tombstone and token pointer are gone: " + dead.keySet());
        JsonObject record = UserRecords.read(TestRedis.client(), "kickout", "alice");
        assertTrue(UserRecords.live(record, later.sessionId()) != null || dead.containsKey("p:" + later.sessionId()),
                "the user's other session is still remembered");
    }

    private static Instant expiresAt(Reply reply) {
        return Instant.parse(reply.assertOk(200).getString("expiresAt"));
    }
}
