package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.api.RScoredSortedSet;
import org.redisson.client.codec.StringCodec;

/** {@code GET /admin/locks} over more locks than one page: offset/limit, filters, dead entries pruned as seen. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AdminLocksPageIT {

    private static final String PREFIX = "pages";
    private static final int PAGE_LOCKS = 520;

    @Deployment(testable = false)
    static WebArchive deployment() {
        // 130 locks per holder session, 260 per user: above the default caps
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.lock.max-per-session", "200",
                "kickout.lock.max-per-user", "400"));
    }

    @ArquillianResource
    URL base;

    @Test
    void pagesCoverEveryLockOnceAndForgetDeadEntries() throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        List<String> holders = List.of(api.login("alice", "pages-a").token(), api.login("bob", "pages-b").token(),
                api.login("alice", "pages-c").token(), api.login("bob", "pages-d").token());
        ExecutorService pool = Executors.newFixedThreadPool(holders.size());
        List<Future<?>> acquires = new ArrayList<>();
        for (int h = 0; h < holders.size(); h++) {
            int first = h;
            acquires.add(pool.submit(() -> {
                for (int i = first; i < PAGE_LOCKS; i += holders.size()) {
                    api.post("locks/page/p-" + i, holders.get(first), null).assertOk(201);
                }
            }));
        }
        for (Future<?> acquire : acquires) {
            acquire.get(3, TimeUnit.MINUTES);
        }
        pool.shutdownNow();
        api.post("locks/other/o-1", holders.get(1), null).assertOk(201);
        String released = api.post("locks/other/o-2", holders.get(1), null).assertOk(201).getString("lockToken");
        api.send(api.request("locks/other/o-2", holders.get(1), released).DELETE()).assertOk(204);
        assertNull(index("other", "o-2").getScore("other/o-2"), "a release unlists the lock at once");
        index("page", "expired-long-ago").add(1, "page/expired-long-ago");
        index("page", "vanished").add(System.currentTimeMillis() + 600_000, "page/vanished");
        int held = PAGE_LOCKS + 1;

        JsonObject firstPage = api.get("admin/locks", admin).assertOk(200);
        assertEquals(50, firstPage.getJsonArray("items").size(), "default limit");
        assertFalse(index("page", "expired-long-ago").contains("page/expired-long-ago"),
                "expired entries are pruned by the listing");

        long start = System.nanoTime();
        JsonObject page1 = api.get("admin/locks?limit=500", admin).assertOk(200);
        long pageMillis = (System.nanoTime() - start) / 1_000_000;
        JsonObject page2 = api.get("admin/locks?offset=500&limit=500", admin).assertOk(200);
        System.out.printf("[figure] GET /admin/locks?limit=500 over %d locks: %d ms%n", held, pageMillis);
        Set<String> seen = new HashSet<>();
        for (JsonObject page : List.of(page1, page2)) {
            for (JsonValue item : page.getJsonArray("items")) {
                JsonObject lock = item.asJsonObject();
                assertTrue(seen.add(lock.getString("type") + "/" + lock.getString("id")), "listed twice: " + lock);
                assertFalse(lock.containsKey("lockToken"));
            }
        }
        assertEquals(500, page1.getJsonArray("items").size());
        assertEquals(held, seen.size(), "every held lock on exactly one page, the dead entry on none");
        assertFalse(index("page", "vanished").contains("page/vanished"), "an entry whose lock is gone is forgotten once seen");
        assertEquals(held, page2.getInt("total"), "total is the index size after pruning");
        assertEquals(held, api.get("admin/locks?limit=1", admin).json().getInt("total"));

        JsonObject others = api.get("admin/locks?type=other", admin).assertOk(200);
        assertEquals(1, others.getInt("total"));
        assertEquals("o-1", others.getJsonArray("items").getJsonObject(0).getString("id"));
        JsonObject bobs = api.get("admin/locks?type=page&userId=bob&limit=500", admin).assertOk(200);
        assertEquals(PAGE_LOCKS / 2, bobs.getInt("total"));
        assertTrue(bobs.getJsonArray("items").stream().map(JsonValue::asJsonObject)
                .allMatch(l -> l.getJsonObject("holder").getString("userId").equals("bob")));
        JsonObject bobsTail = api.get("admin/locks?type=page&userId=bob&offset=250&limit=500", admin).assertOk(200);
        assertEquals(PAGE_LOCKS / 2 - 250, bobsTail.getJsonArray("items").size());
    }

    @Test
    void forceReleaseUnlistsAtOnce() {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        Api.Login carol = api.login("carol", "web");
        api.post("locks/forced/f-1", carol.token(), null).assertOk(201);
        RScoredSortedSet<String> index = index("forced", "f-1");
        String sessionLocks = PREFIX + ":{" + carol.sessionId().substring(0, 22) + "}:lh:" + carol.sessionId();
        assertTrue(TestRedis.client().getScoredSortedSet(sessionLocks, StringCodec.INSTANCE).contains("forced/f-1"));

        api.post("admin/locks/forced/f-1/release", admin, "{\"reason\":\"x\"}").assertOk(200);

        assertNull(index.getScore("forced/f-1"));
        assertFalse(TestRedis.client().getScoredSortedSet(sessionLocks, StringCodec.INSTANCE).contains("forced/f-1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"limit=0", "limit=501", "limit=x", "offset=-1", "offset=x", "type=Bad*", "limit=1e3"})
    void badPagingIsA400(String query) {
        Api api = new Api(base);
        api.get("admin/locks?" + query, api.login("admin", "web").token()).assertProblem(400, "INVALID_REQUEST");
    }

    /** The listing shard that lists lock {@code type}/{@code id}. */
    private static RScoredSortedSet<String> index(String type, String id) {
        return TestRedis.client().getScoredSortedSet(RedisKeys.withPrefix(PREFIX).locksIndex(
                RedisKeys.indexShardOfLock(type, id)), StringCodec.INSTANCE);
    }
}
