package dev.kickout.it.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.audit.AuditShards;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.RedisTopology;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Topology;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/**
 * No hot slot: 200 users online land in most listing shards, and the admin listings,
 * merged from the shards, still page through every user and session exactly once, most recent
 * first; the audit entries of their kicks land in most audit shards.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ShardSpreadIT {

    private static final String PREFIX = "shard-spread";
    private static final RedisKeys KEYS = RedisKeys.withPrefix(PREFIX);
    private static final int USERS = 200;
    private static final int KICKS = 40;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("shard-spread.war", Map.of("kickout.key-prefix", PREFIX))
                .addClass(CrowdIdentityStore.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void listingsAndAuditSpreadOverTheShardsAndPageExactlyOnce() throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        List<String> sessionIds = loginCrowd(api);

        int usedShards = used(KEYS::usersIndex, RedisKeys.INDEX_SHARDS);
        int countShards = used(KEYS::userCounts, RedisKeys.INDEX_SHARDS);
        System.out.printf("[figure] shard spread: %d users online in %d of %d listing shards (counts %d)%n", USERS,
                usedShards, RedisKeys.INDEX_SHARDS, countShards);
        assertTrue(usedShards >= RedisKeys.INDEX_SHARDS / 2, "users index shards used: " + usedShards);
        assertEquals(usedShards, countShards, "each shard with users counts their sessions");

        if (RedisTopology.current() == RedisTopology.CLUSTER) {
            assertEveryMasterHoldsShards();
        }

        Set<String> crowd = new HashSet<>();
        for (int i = 0; i < USERS; i++) {
            crowd.add("crowd-" + i);
        }
        for (int limit : new int[] {7, 50, 500}) {
            List<JsonObject> users = pages(api, admin, "admin/users/online", limit, USERS + 1);
            List<String> ids = users.stream().map(user -> user.getString("userId")).toList();
            assertEquals(USERS + 1, ids.size(), "limit " + limit);
            assertEquals(USERS + 1, new HashSet<>(ids).size(), "each user on exactly one page, limit " + limit);
            assertTrue(ids.containsAll(crowd));

            List<JsonObject> sessions = pages(api, admin, "admin/sessions?deviceType=crowd", limit, USERS);
            assertEquals(Set.copyOf(sessionIds), new HashSet<>(sessions.stream()
                    .map(session -> session.getString("sessionId")).toList()), "limit " + limit);
            assertEquals(USERS, sessions.size(), "each session on exactly one page, limit " + limit);
            // crowd sessions are never used after login: their expiry is their index score
            assertNewestFirst(sessions.stream().map(session -> Instant.parse(session.getString("expiresAt"))).toList(),
                    "sessions, limit " + limit);
            assertEquals(USERS + 1, pages(api, admin, "admin/sessions", limit, USERS + 1).size());
        }

        for (int i = 0; i < KICKS; i++) {
            api.delete("admin/sessions/" + sessionIds.get(i) + "?reason=spread", admin).assertOk(200);
        }
        long auditShards = AuditShards.sizes(AuditShards.force(PREFIX)).stream().filter(n -> n > 0).count();
        System.out.printf("[figure] shard spread: %d kicks audited in %d of %d audit shards%n", KICKS, auditShards,
                RedisKeys.AUDIT_SHARDS);
        assertTrue(auditShards >= RedisKeys.AUDIT_SHARDS / 2, "audit shards used: " + auditShards);
        assertEquals(KICKS, AuditShards.ids(AuditShards.force(PREFIX)).size());
        List<String> kicks = new ArrayList<>();
        String before = null;
        do {
            JsonObject page = api.get("admin/audit?action=FORCE_LOGOUT&limit=7"
                    + (before == null ? "" : "&before=" + before), admin).assertOk(200);
            List<JsonObject> items = page.getJsonArray("items").getValuesAs(JsonObject.class);
            items.forEach(item -> kicks.add(item.getString("id")));
            before = items.size() == 7 ? items.get(6).getString("id") : page.getString("next", null);
        } while (before != null);
        assertEquals(KICKS, kicks.size(), "the merged audit pages list every kick once: " + kicks);
        assertEquals(AuditShards.ids(AuditShards.force(PREFIX)), new HashSet<>(kicks));
        List<String> sorted = new ArrayList<>(kicks);
        sorted.sort((a, b) -> compareIds(b, a));
        assertEquals(sorted, kicks, "newest first across shards");
    }

    /** On the test cluster (3 masters, slots split evenly): each master holds listing, audit and push shards. */
    private static void assertEveryMasterHoldsShards() {
        Set<RedisNodeProcess> index = new HashSet<>();
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            index.add(Topology.masterOf(KEYS.usersIndex(shard)));
        }
        Set<RedisNodeProcess> audit = new HashSet<>();
        for (int shard = 0; shard < RedisKeys.AUDIT_SHARDS; shard++) {
            audit.add(Topology.masterOf(KEYS.audit(shard).get(0).toString()));
        }
        Set<RedisNodeProcess> push = new HashSet<>();
        for (int shard = 0; shard < RedisKeys.PUSH_SHARDS; shard++) {
            push.add(Topology.masterOf(KEYS.pushChannel(shard)));
        }
        System.out.printf("[figure] shard spread on the cluster: listing shards on %d masters, audit shards on %d,"
                + " push channels on %d (of 3)%n", index.size(), audit.size(), push.size());
        assertEquals(3, index.size(), "masters holding listing shards");
        assertEquals(3, audit.size(), "masters holding audit shards");
        assertEquals(3, push.size(), "masters owning push channels");
    }

    /** Logs in crowd-0 .. crowd-199, 8 at a time; answers their session ids. */
    private static List<String> loginCrowd(Api api) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> logins = new ArrayList<>();
            for (int i = 0; i < USERS; i++) {
                String name = "crowd-" + i;
                logins.add(pool.submit(() -> api.login(name, "crowd").sessionId()));
            }
            List<String> ids = new ArrayList<>();
            for (Future<String> login : logins) {
                ids.add(login.get(2, TimeUnit.MINUTES));
            }
            return ids;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int used(IntFunction<String> key, int shards) {
        int used = 0;
        for (int shard = 0; shard < shards; shard++) {
            used += TestRedis.client().getKeys().countExists(key.apply(shard)) > 0 ? 1 : 0;
        }
        return used;
    }

    /** Every page of a listing, walked by offset; checks the total on each. */
    private static List<JsonObject> pages(Api api, String admin, String listing, int limit, int total) {
        List<JsonObject> all = new ArrayList<>();
        String join = listing.contains("?") ? "&" : "?";
        for (int offset = 0; offset < total; offset += limit) {
            JsonObject page = api.get(listing + join + "offset=" + offset + "&limit=" + limit, admin).assertOk(200);
            assertEquals(total, page.getInt("total"), listing + " at " + offset);
            all.addAll(page.getJsonArray("items").getValuesAs(JsonObject.class));
        }
        return all;
    }

    private static void assertNewestFirst(List<Instant> instants, String what) {
        for (int i = 1; i < instants.size(); i++) {
            assertTrue(!instants.get(i - 1).isBefore(instants.get(i)), what + ": " + instants.get(i - 1) + " before "
                    + instants.get(i));
        }
    }

    private static int compareIds(String a, String b) {
        String[] x = a.split("-");
        String[] y = b.split("-");
        int byTime = Long.compare(Long.parseLong(x[0]), Long.parseLong(y[0]));
        return byTime != 0 ? byTime : Long.compare(Long.parseLong(x[1]), Long.parseLong(y[1]));
    }
}
