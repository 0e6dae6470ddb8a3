package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import dev.kickout.internal.redis.RedisKeys;
import java.net.URL;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RMap;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Sessions written by earlier builds (live sessions as fields of the user's hash, indexed by a live
 * sorted set) survive the upgrade: their tokens keep working, the first request moves them into the
 * user's record and deletes the old fields, and their dead sessions still answer why.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LayoutUpgradeIT {

    private static final String PREFIX = "upgrade";
    private static final SecureRandom RANDOM = new SecureRandom();

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("upgrade.war", Map.of("kickout.key-prefix", PREFIX));
    }

    @ArquillianResource
    URL base;

    @Test
    void aSessionOfTheOldLayoutKeepsWorkingAndMoves() {
        RedissonClient redis = TestRedis.client();
        String tag = RedisKeys.userTag("alice");
        String user = PREFIX + ":{" + tag + "}";
        String live = tag + "." + random(16);
        String liveToken = tag + "." + random(32);
        String dead = tag + "." + random(16);
        String deadToken = tag + "." + random(32);
        long now = redis.getScript(StringCodec.INSTANCE).<Long>eval(RScript.Mode.READ_ONLY,
                "local t = redis.call('TIME') return tonumber(t[1]) * 1000", RScript.ReturnType.LONG);
        RMap<String, String> hash = redis.getMap(user + ":h", StringCodec.INSTANCE);
        hash.putAll(Map.of(
                "u", "{\"userId\":\"alice\",\"username\":\"alice\"}",
                "s:" + live, "{\"userId\":\"alice\",\"username\":\"alice\",\"deviceType\":\"web\",\"clientId\":\"old\","
                        + "\"loginTime\":" + now + ",\"lastSeen\":" + now + ",\"expiresAt\":" + (now + 600_000)
                        + ",\"capAt\":" + (now + 3_600_000) + ",\"ip\":\"127.0.0.1\",\"userAgent\":\"old\","
                        + "\"roles\":\"[\\\"user\\\"]\"}",
                "t:" + RedisKeys.secretHash(liveToken), live,
                "p:" + live, RedisKeys.secretHash(liveToken),
                "x:" + dead, "{\"code\":\"KICKED\",\"by\":\"admin\",\"reason\":\"before the upgrade\"}",
                "t:" + RedisKeys.secretHash(deadToken), dead,
                "p:" + dead, RedisKeys.secretHash(deadToken)));
        redis.getScoredSortedSet(user + ":i", StringCodec.INSTANCE).add(now + 600_000, live);
        redis.getScoredSortedSet(user + ":x", StringCodec.INSTANCE).add(now + 3_600_000, dead);

        Api api = new Api(base);
        assertEquals("ACTIVE", api.get("auth/status", liveToken).assertOk(200).getString("state"));
        api.get("auth/status", deadToken).assertProblem(401, "KICKED");

        assertNotNull(UserRecords.live(UserRecords.read(redis, PREFIX, "alice"), live), "moved into the record");
        assertFalse(redis.getKeys().countExists(user + ":i") > 0, "the old live index is gone");
        assertEquals(Set.of("x:" + dead, "t:" + RedisKeys.secretHash(deadToken), "p:" + dead),
                hash.readAllKeySet(), "only the dead session stays in the hash");

        assertEquals(live, api.get("auth/me", liveToken).assertOk(200).getString("sessionId"));
        api.post("auth/logout", liveToken, null).assertOk(204);
        api.get("auth/status", liveToken).assertProblem(401, "LOGGED_OUT");
    }

    private static String random(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer);
    }
}
