package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import dev.kickout.it.support.Wait;
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
 * Sliding expiry and the absolute cap, with a 2 s idle timeout and a 4 s max lifetime.
 */
@ServerAgnostic
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
    void everyRequestPushesExpiryForward() {
        Login login = api.login("alice", "web");
        Instant first = expiresAt(api.get("auth/status", login.token()));
        Wait.elapse(Duration.ofMillis(50), "the clock moves on, so the next request's expiry is later");
        Instant second = expiresAt(api.get("auth/status", login.token()));
        assertTrue(second.isAfter(first), first + " then " + second);
        Instant lastSeen = Instant.parse(api.get("auth/me", login.token()).json().getString("lastSeen"));
        assertFalse(lastSeen.isBefore(second.minusSeconds(2)));
    }

    @Test
    void anIdleSessionExpires() {
        Login login = api.login("bob", "web");
        Wait.elapse(Duration.ofMillis(2300), "the 2 s idle timeout runs out with no request");
        api.get("auth/status", login.token()).assertProblem(401, "TOKEN_EXPIRED");
    }

    @Test
    void theMaxLifetimeCapsEvenABusySession() {
        Login login = api.login("carol", "web");
        Instant loginTime = Instant.parse(login.body().getJsonObject("session").getString("loginTime"));
        Instant cap = loginTime.plus(Duration.ofSeconds(4));
        // a request at every poll keeps the session busy until it is refused; until then its expiry never passes the cap
        Reply reply = Wait.until(Duration.between(Instant.now(), cap.plusSeconds(2)),
                last -> "a refused request: the session is still alive well after its cap",
                () -> api.get("auth/status", login.token()), answer -> {
                    if (answer.status() != 200) {
                        return true;
                    }
                    assertFalse(expiresAt(answer).isAfter(cap), "expiry never passes the cap");
                    return false;
                });
        reply.assertProblem(401, "TOKEN_EXPIRED");
        assertTrue(Instant.now().isAfter(cap.minusMillis(500)), "expired long before the cap");
        assertEquals(401, api.get("auth/me", login.token()).status());
    }

    @Test
    void anExpiredTokenIsForgottenOneTtlPastItsCap() {
        Login login = api.login("alice", "lifetime");
        Instant loginTime = Instant.parse(login.body().getJsonObject("session").getString("loginTime"));
        Wait.elapse(Duration.ofSeconds(2), "the first session's 2 s idle timeout runs out before the user's next login");
        Login later = api.login("alice", "lifetime-later");
        Instant forgetAt = loginTime.plusSeconds(4 + 2);
        Wait.until(Duration.between(Instant.now(), forgetAt.plusSeconds(3)),
                () -> "the expired token to be forgotten: still remembered well past cap + ttl", () -> {
                    String code = api.get("auth/status", login.token()).code();
                    if ("TOKEN_INVALID".equals(code)) {
                        return true;
                    }
                    assertEquals("TOKEN_EXPIRED", code, "an expired token says so until it is forgotten");
                    return false;
                });
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
