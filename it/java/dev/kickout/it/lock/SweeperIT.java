package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/** The cleanup timer (every second here) removes planted orphans and leaves live data alone. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SweeperIT {

    private static final String PREFIX = "sweep";
    private static final RedisKeys KEYS = RedisKeys.withPrefix(PREFIX);
    private static final String GHOST_USER = "AAAAAAAAAAAAAAAAAAAAAA";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.cleanup.interval", "PT1S"));
    }

    @ArquillianResource
    URL base;

    @Test
    void plantedOrphansDisappear() {
        Api api = new Api(base);
        RedissonClient redis = TestRedis.client();
        String alice = api.login("alice", "web").token();
        api.post("locks/order/live-one", alice, null).assertOk(201);

        String orphanLock = PREFIX + ":{lock:order:ghost}:h";
        redis.getMap(orphanLock, StringCodec.INSTANCE).putAll(Map.of("state", "HELD", "userId", "nobody",
                "fence", "1", "expiresAt", "1000", "acquiredAt", "1000", "lastHeartbeat", "1000"));
        lockIndex("ghost").add(1, "order/ghost");
        lockIndex("vanished").add(2, "order/vanished");
        ghostUserIndex().add(1, GHOST_USER);

        Wait.until(Duration.ofSeconds(20), () -> "the sweeper to remove every planted orphan; left: " + orphansLeft(redis),
                () -> orphansLeft(redis) == 0);
        assertFalse(redis.getKeys().countExists(orphanLock) > 0);
        assertTrue(lockIndex("live-one").contains("order/live-one"));
        api.get("locks/order/live-one", alice).assertOk(200);
        api.get("auth/me", alice).assertOk(200);
    }

    private static int orphansLeft(RedissonClient redis) {
        return (int) (redis.getKeys().countExists(PREFIX + ":{lock:order:ghost}:h")
                + (lockIndex("ghost").contains("order/ghost") ? 1 : 0)
                + (lockIndex("vanished").contains("order/vanished") ? 1 : 0)
                + (ghostUserIndex().contains(GHOST_USER) ? 1 : 0));
    }

    /** The listing shard of lock order/{@code id}. */
    private static RScoredSortedSet<String> lockIndex(String id) {
        return TestRedis.client().getScoredSortedSet(KEYS.locksIndex(RedisKeys.indexShardOfLock("order", id)),
                StringCodec.INSTANCE);
    }

    private static RScoredSortedSet<String> ghostUserIndex() {
        return TestRedis.client().getScoredSortedSet(KEYS.usersIndex(RedisKeys.indexShardOfUser(GHOST_USER)),
                StringCodec.INSTANCE);
    }
}
