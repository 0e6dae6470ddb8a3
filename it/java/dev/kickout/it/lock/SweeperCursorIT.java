package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The sweeper (every second, 200 keys per tick here) walks the key space with a cursor kept in Redis,
 * so orphans far beyond one tick's batch are reached over successive ticks; and its lease is only
 * ever renewed or deleted by the instance whose id it holds.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SweeperCursorIT {

    private static final String PREFIX = "sweepc";
    private static final RedisKeys KEYS = RedisKeys.withPrefix(PREFIX);
    private static final int BATCH = 200;
    private static final int FILLERS = 3_000;
    private static final int ORPHANS = 60;
    private static final int LEGACY_COUNTERS = 20;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.cleanup.interval", "PT1S",
                "kickout.cleanup.batch", String.valueOf(BATCH)));
    }

    @ArquillianResource
    URL base;

    @Test
    void successiveTicksReachOrphansFarBeyondOneBatch() {
        Api api = new Api(base);
        RedissonClient redis = TestRedis.client();
        String alice = api.login("alice", "web").token();
        api.post("locks/order/live-one", alice, null).assertOk(201);
        RBatch plant = redis.createBatch();
        IntStream.range(0, FILLERS).forEach(i -> plant.getBucket(PREFIX + ":filler:" + i, StringCodec.INSTANCE)
                .setAsync("x", Duration.ofMinutes(5)));
        IntStream.range(0, ORPHANS).forEach(i -> plant.getMap(PREFIX + ":{lock:order:orphan-" + i + "}:h",
                StringCodec.INSTANCE).putAllAsync(Map.of("state", "HELD", "userId", "nobody", "fence", "1",
                "expiresAt", "1000", "acquiredAt", "1000", "lastHeartbeat", "1000")));
        IntStream.range(0, LEGACY_COUNTERS).forEach(i -> plant.getBucket(PREFIX + ":{lock:order:legacy-" + i + "}:fence",
                StringCodec.INSTANCE).setAsync("42"));
        plant.execute();
        long keys = redis.getKeys().count();
        assertTrue(keys > 5 * BATCH, "one tick cannot see the whole key space: " + keys);

        long start = System.nanoTime();
        boolean done = Wait.atMost(Duration.ofSeconds(120), () -> unbounded(redis) == 0);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[figure] sweeper, %d keys in Redis, batch %d, 1 s ticks: %d orphans and %d legacy "
                + "counters bounded in %d ms; %d left%n", keys, BATCH, ORPHANS, LEGACY_COUNTERS, millis, unbounded(redis));
        assertTrue(done, "orphans left after 120 s of ticks: " + unbounded(redis));
        assertTrue(redis.getBucket(PREFIX + ":{cleanup}:cursor", StringCodec.INSTANCE).isExists(), "cursor kept in Redis");
        api.get("locks/order/live-one", alice).assertOk(200);
        assertTrue(redis.getScoredSortedSet(KEYS.locksIndex(RedisKeys.indexShardOfLock("order", "live-one")), StringCodec.INSTANCE)
                .contains("order/live-one"));
        redis.getKeys().deleteByPattern(PREFIX + ":filler:*");
    }

    @Test
    void aLeaseHeldByAnotherValueIsNeitherRenewedNorDeleted() throws IOException {
        RedissonClient redis = TestRedis.client();
        String lease = PREFIX + ":{cleanup}:lease";
        String renew = Files.readString(Path.of("src/main/resources/dev/kickout/internal/redis/lease-renew.lua"));
        String release = Files.readString(Path.of("src/main/resources/dev/kickout/internal/redis/lease-release.lua"));
        var bucket = redis.<String>getBucket(lease, StringCodec.INSTANCE);
        var script = redis.getScript(StringCodec.INSTANCE);

        String stale = KEYS.locksIndex(RedisKeys.indexShardOfLock("order", "stale"));
        redis.getScoredSortedSet(stale, StringCodec.INSTANCE).add(1, "order/stale");
        bucket.set("another-instance", Duration.ofSeconds(60));
        assertEquals(0L, (Long) script.eval(RScript.Mode.READ_WRITE, renew, RScript.ReturnType.LONG, List.of(lease), "me", 1000));
        assertEquals(0L, (Long) script.eval(RScript.Mode.READ_WRITE, release, RScript.ReturnType.LONG, List.of(lease), "me"));
        assertEquals("another-instance", bucket.get());
        assertTrue(bucket.remainTimeToLive() > 50_000, "not shortened by another owner's renewal");

        Wait.elapse(Duration.ofSeconds(3), "three ticks of the sweeper pass; it must keep out");
        assertEquals("another-instance", bucket.get(), "the sweeper deleted another instance's lease");
        assertTrue(bucket.remainTimeToLive() > 50_000 && bucket.remainTimeToLive() <= 57_000,
                "the sweeper renewed another instance's lease: " + bucket.remainTimeToLive());
        assertTrue(redis.getScoredSortedSet(stale, StringCodec.INSTANCE).contains("order/stale"), "swept without the lease");

        bucket.set("me", Duration.ofSeconds(60));
        assertEquals(1L, (Long) script.eval(RScript.Mode.READ_WRITE, renew, RScript.ReturnType.LONG, List.of(lease), "me", 5000));
        assertTrue(bucket.remainTimeToLive() <= 5_000);
        assertEquals(1L, (Long) script.eval(RScript.Mode.READ_WRITE, release, RScript.ReturnType.LONG, List.of(lease), "me"));
        Wait.until(Duration.ofSeconds(20), () -> "the sweeper to resume once the lease was free",
                () -> !redis.getScoredSortedSet(stale, StringCodec.INSTANCE).contains("order/stale"));
        assertNotEquals("me", bucket.get());
    }

    /** Planted lock keys that still have no expiry (orphan hashes that still exist, counters without TTL). */
    private static long unbounded(RedissonClient redis) {
        long orphans = IntStream.range(0, ORPHANS).filter(i -> redis.getKeys()
                .countExists(PREFIX + ":{lock:order:orphan-" + i + "}:h") > 0).count();
        long counters = IntStream.range(0, LEGACY_COUNTERS).filter(i -> redis.getBucket(PREFIX
                + ":{lock:order:legacy-" + i + "}:fence", StringCodec.INSTANCE).remainTimeToLive() == -1).count();
        return orphans + counters;
    }
}
