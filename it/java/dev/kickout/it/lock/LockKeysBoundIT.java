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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/**
 * Walking lock ids leaves nothing behind: 3,000 acquire/release pairs on distinct ids, then no
 * lock key, index entry or session-set entry once the TTLs pass; and fences keep growing after the
 * fence counter itself expired. The sweeper runs once a minute here, so it cannot be what cleans up.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockKeysBoundIT {

    private static final String PREFIX = "ghosts";
    private static final int PAIRS = 3_000;
    private static final int THREADS = 8;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.lock.ttl", "PT2S",
                "kickout.lock.heartbeat", "PT1S", "kickout.cleanup.interval", "PT1M"));
    }

    @ArquillianResource
    URL base;

    @Test
    void threeThousandGhostIdsLeaveNoKeyBehind() throws Exception {
        Api api = new Api(base);
        RedissonClient redis = TestRedis.client();
        List<String> sessions = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            sessions.add(api.login(t % 2 == 0 ? "alice" : "bob", "ghost-" + t).token());
        }
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        Queue<String> refusals = new ConcurrentLinkedQueue<>();
        Instant end = Instant.now().plus(Duration.ofMinutes(4));
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> workers = new ArrayList<>();
        for (String session : sessions) {
            workers.add(pool.submit(() -> {
                int done = 0;
                for (int i = next.getAndIncrement(); i < PAIRS && Instant.now().isBefore(end); i = next.getAndIncrement()) {
                    String path = "locks/ghost/g-" + i;
                    Reply lock = api.post(path, session, null);
                    Reply release = lock.status() == 201
                            ? api.send(api.request(path, session, lock.json().getString("lockToken")).DELETE()) : null;
                    if (release == null || release.status() != 204) {
                        failures.incrementAndGet();
                        Reply refused = release == null ? lock : release;
                        refusals.add((release == null ? "acquire " : "release ") + refused.status() + " " + refused.body());
                    }
                    done++;
                }
                return done;
            }));
        }
        int pairs = 0;
        for (Future<Integer> worker : workers) {
            pairs += worker.get(5, TimeUnit.MINUTES);
        }
        pool.shutdownNow();
        long runMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(PAIRS, pairs, "pairs done within the time bound");
        assertEquals(0, failures.get(), () -> "acquires or releases refused, the first: "
                + refusals.stream().limit(5).toList());

        Leftovers right = leftovers(redis);
        System.out.printf("[figure] %d acquire/release pairs on distinct ids, %d threads: %d ms (%.0f pairs/s); "
                + "right after: %d lock keys, %d index entries, %d session-set entries, %d keys under the prefix%n",
                pairs, THREADS, runMillis, pairs * 1000.0 / runMillis, right.lockKeys, right.indexEntries,
                right.sessionSetEntries, right.allKeys);
        assertEquals(0, right.indexEntries, "release unlists at once");
        assertEquals(0, right.sessionSetEntries, "release leaves the session's set at once");

        long waitStart = System.nanoTime();
        boolean clean = Wait.atMost(Duration.ofSeconds(30), () -> leftovers(redis).lockKeys == 0);
        Leftovers after = leftovers(redis);
        System.out.printf("[figure] ghost ids after the TTLs (lock ttl 2 s): %d lock keys, %d index entries, "
                + "%d session-set entries, %d keys under the prefix; lock keys gone %d ms after the run%n",
                after.lockKeys, after.indexEntries, after.sessionSetEntries, after.allKeys,
                (System.nanoTime() - waitStart) / 1_000_000);
        assertTrue(clean, "lock keys still there 30 s after the run: " + after.lockKeys);
        assertEquals(0, after.indexEntries);
        assertEquals(0, after.sessionSetEntries);
        assertTrue(after.allKeys < 100, "keys left under the prefix: " + after.allKeys);
    }

    @Test
    void fencesGrowAcrossAnExpiredCounter() {
        Api api = new Api(base);
        RedissonClient redis = TestRedis.client();
        String alice = api.login("alice", "fence").token();
        String path = "locks/ghost/fence-" + System.nanoTime();
        String counter = PREFIX + ":{lock:ghost:" + path.substring(path.lastIndexOf('/') + 1) + "}:fence";

        JsonObject first = api.post(path, alice, null).assertOk(201);
        long firstFence = first.getJsonNumber("fence").longValue();
        long counterTtl = redis.getBucket(counter, StringCodec.INSTANCE).remainTimeToLive();
        assertTrue(counterTtl > 0 && counterTtl <= 4_000, "the counter expires with the lock + one TTL: " + counterTtl);
        api.send(api.request(path, alice, first.getString("lockToken")).DELETE()).assertOk(204);

        Wait.until(Duration.ofSeconds(20), () -> "the fence counter to expire",
                () -> !redis.getBucket(counter, StringCodec.INSTANCE).isExists());
        JsonObject second = api.post(path, alice, null).assertOk(201);
        long secondFence = second.getJsonNumber("fence").longValue();
        System.out.printf("[figure] fence before the counter expired %d, after %d%n", firstFence, secondFence);
        assertTrue(secondFence > firstFence, secondFence + " after " + firstFence);
        assertTrue(secondFence < (1L << 53), "fence stays exact as a JSON number: " + secondFence);
        api.send(api.request(path, alice, second.getString("lockToken")).DELETE()).assertOk(204);
    }

    private record Leftovers(long lockKeys, int indexEntries, long sessionSetEntries, long allKeys) {
    }

    private static Leftovers leftovers(RedissonClient redis) {
        long lockKeys = redis.getKeys().getKeysStream(KeysScanOptions.defaults().pattern(PREFIX + ":{lock:*")).count();
        int index = 0;
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            index += redis.getScoredSortedSet(RedisKeys.withPrefix(PREFIX).locksIndex(shard), StringCodec.INSTANCE).size();
        }
        // the sessions' and users' holdings (the caps' counts)
        long sessionSets = redis.getKeys().getKeysStream(KeysScanOptions.defaults().pattern(PREFIX + ":{*}:lh*"))
                .mapToLong(key -> redis.getScoredSortedSet(key, StringCodec.INSTANCE).size()).sum();
        long all = redis.getKeys().getKeysStream(KeysScanOptions.defaults().pattern(PREFIX + ":*")).count();
        return new Leftovers(lockKeys, index, sessionSets, all);
    }
}
