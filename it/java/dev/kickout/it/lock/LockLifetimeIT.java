package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/**
 * Lock expiry and the max-hold cap, with a 1 s TTL and a 3 s cap; the admin index entry, which the lock watch
 * acts on, follows the lock's expiry, the cap included.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockLifetimeIT {

    private static final String PREFIX = "lock-life";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.lock.ttl", "PT1S",
                "kickout.lock.heartbeat", "PT0.3S", "kickout.lock.max-hold", "PT3S"));
    }

    @ArquillianResource
    URL base;

    @Test
    void anAbandonedLockExpires() {
        Api api = new Api(base);
        String alice = api.login("alice", "web").token();
        String path = "locks/order/" + UUID.randomUUID();
        String token = api.post(path, alice, null).assertOk(201).getString("lockToken");

        Wait.elapse(Duration.ofMillis(1300), "the 1 s TTL runs out with no heartbeat");

        api.get(path, alice).assertProblem(404, "NOT_LOCKED");
        JsonObject lost = beat(api, path, alice, token).assertProblem(409, "LOCK_LOST");
        assertEquals("EXPIRED", lost.getString("reason"));
        api.post(path, api.login("bob", "web").token(), null).assertOk(201);
    }

    @Test
    void heartbeatsKeepALockOnlyUntilTheCap() {
        Api api = new Api(base);
        String alice = api.login("alice", "phone").token();
        String path = "locks/order/" + UUID.randomUUID();
        JsonObject lock = api.post(path, alice, null).assertOk(201);
        Instant cap = Instant.parse(lock.getString("acquiredAt")).plusSeconds(3);

        String token = lock.getString("lockToken");
        // a heartbeat at every poll until one is refused; while the lock is held its expiry never passes the cap
        Reply lost = Wait.until(Duration.between(Instant.now(), cap.plusSeconds(2)),
                last -> "a refused heartbeat: the lock is still held well after its cap", () -> beat(api, path, alice, token),
                beat -> {
                    if (beat.status() != 200) {
                        return true;
                    }
                    Instant expires = Instant.parse(beat.json().getString("expiresAt"));
                    assertTrue(!expires.isAfter(cap), "never past the cap");
                    // the lock watch warns and releases by the admin index entry: at the lock's expiry, the cap included
                    long listed = indexScore(path.substring("locks/".length()));
                    assertTrue(listed <= expires.toEpochMilli() + 50 && listed >= expires.toEpochMilli() - 1500,
                            "index entry " + Instant.ofEpochMilli(listed) + " for a lock expiring at " + expires);
                    return false;
                });
        assertEquals("EXPIRED", lost.assertProblem(409, "LOCK_LOST").getString("reason"));
        assertTrue(Instant.now().isAfter(cap.minusMillis(400)), "lost long before the cap");
    }

    private static long indexScore(String member) {
        String[] typeAndId = member.split("/", 2);
        Double score = TestRedis.client().<String>getScoredSortedSet(RedisKeys.withPrefix(PREFIX)
                .locksIndex(RedisKeys.indexShardOfLock(typeAndId[0], typeAndId[1])), StringCodec.INSTANCE).getScore(member);
        assertTrue(score != null, member + " is in the admin index");
        return score.longValue();
    }

    private static Reply beat(Api api, String path, String session, String lockToken) {
        return api.send(api.request(path + "/heartbeat", session, lockToken).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
