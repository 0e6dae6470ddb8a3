package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * {@code GET /admin/sessions?deviceType=} pages through the users index with exact totals from its
 * per-shard counts (no entry per session), the counts follow logins, revocations and the tidy, and
 * of two summaries of one user the newer one wins whatever order they arrive in.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DeviceTypeListingIT {

    private static final String PREFIX = "dtlist";
    private static final RedisKeys KEYS = RedisKeys.withPrefix(PREFIX);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("dtlist.war", Map.of("kickout.key-prefix", PREFIX));
    }

    @ArquillianResource
    URL base;

    @Test
    void listingByDeviceTypeIsCountedAndPaged() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        Set<String> kiosks = new HashSet<>();
        for (int i = 0; i < 7; i++) {
            kiosks.add(api.login("alice", "kiosk").sessionId());
        }
        for (int i = 0; i < 3; i++) {
            api.login("alice", "web");
        }
        kiosks.add(api.login("bob", "kiosk").sessionId());
        kiosks.add(api.login("bob", "kiosk").sessionId());

        Set<String> listed = new HashSet<>();
        for (int offset = 0; offset < 12; offset += 4) {
            JsonObject page = api.get("admin/sessions?deviceType=kiosk&limit=4&offset=" + offset, admin).assertOk(200);
            assertEquals(kiosks.size(), page.getInt("total"));
            List<JsonObject> items = page.getJsonArray("items").getValuesAs(JsonObject.class);
            assertEquals(Math.min(4, kiosks.size() - offset), items.size(), "page at " + offset);
            items.forEach(item -> assertEquals("kiosk", item.getString("deviceType")));
            items.forEach(item -> assertTrue(listed.add(item.getString("sessionId")), "listed twice: " + item));
        }
        assertEquals(kiosks, listed);
        assertEquals(kiosks.size(), counted("#kiosk"), "the index's own count (its shards)");

        String kicked = kiosks.iterator().next();
        api.delete("admin/sessions/" + kicked, admin).assertOk(200);
        assertEquals(kiosks.size() - 1, counted("#kiosk"), "a revoked session leaves the count at once");
        JsonObject after = api.get("admin/sessions?deviceType=kiosk&limit=500", admin).assertOk(200);
        assertEquals(kiosks.size() - 1, after.getInt("total"));
        assertFalse(after.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .anyMatch(item -> item.getString("sessionId").equals(kicked)));
        assertEquals(3, api.get("admin/sessions?deviceType=web", admin).assertOk(200).getInt("total"));
        assertEquals(0, api.get("admin/sessions?deviceType=none", admin).assertOk(200).getInt("total"));
    }

    @Test
    void theTidyTakesUsersWithoutLiveSessionsOutOfTheIndex() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        RedissonClient redis = TestRedis.client();
        String carol = RedisKeys.userTag("carol");
        int shard = RedisKeys.indexShardOfUser(carol);
        // an entry whose sessions are gone (as after an expiry found by a login): expiry passed, no record
        assertEquals(1L, indexUser(redis, shard, carol, "1", "1", "ghost=2"));
        assertEquals(2, counted("#ghost"));

        assertEquals(0, api.get("admin/sessions?deviceType=ghost", admin).assertOk(200).getInt("total"));
        assertNull(redis.getScoredSortedSet(KEYS.usersIndex(shard), StringCodec.INSTANCE).getScore(carol));
        assertNull(redis.getMap(KEYS.userCounts(shard), StringCodec.INSTANCE).get(carol));
        assertNull(redis.getMap(KEYS.userCounts(shard), StringCodec.INSTANCE).get("#ghost"));
    }

    @Test
    void theNewerSummaryOfAUserWins() {
        RedissonClient redis = TestRedis.client();
        String tag = "tag-race";
        int shard = RedisKeys.indexShardOfUser(tag);
        long before = counted("#");
        // a login's summary (version 20: two sessions) lands before an older one (version 10: none)
        assertEquals(1L, indexUser(redis, shard, tag, "20", "5000", "web=1 phone=1"));
        assertEquals(0L, indexUser(redis, shard, tag, "10", "0", ""), "an older summary changes nothing");
        assertEquals(5000.0, redis.getScoredSortedSet(KEYS.usersIndex(shard), StringCodec.INSTANCE).getScore(tag));
        assertEquals(before + 2, counted("#"));
        // the same version again (a tidy that found the same live set) rewrites the expiry
        assertEquals(1L, indexUser(redis, shard, tag, "20", "6000", "web=1 phone=1"));
        assertEquals(6000.0, redis.getScoredSortedSet(KEYS.usersIndex(shard), StringCodec.INSTANCE).getScore(tag));
        assertEquals(before + 2, counted("#"), "counted once");
        // a newer summary without sessions takes the user out, counts and all
        assertEquals(1L, indexUser(redis, shard, tag, "30", "0", ""));
        assertNull(redis.getScoredSortedSet(KEYS.usersIndex(shard), StringCodec.INSTANCE).getScore(tag));
        assertEquals(before, counted("#"));
    }

    /** A count field summed over the shards ("#": all sessions, "#type": of one device type). */
    private static long counted(String field) {
        long sum = 0;
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            String count = TestRedis.client().<String, String>getMap(KEYS.userCounts(shard), StringCodec.INSTANCE)
                    .get(field);
            sum += count == null ? 0 : Long.parseLong(count);
        }
        return sum;
    }

    private static Long indexUser(RedissonClient redis, int shard, String tag, String version, String latest,
                                  String counts) {
        return redis.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE, Script.INDEX_USER.source(),
                RScript.ReturnType.LONG, List.of(KEYS.usersIndex(shard), KEYS.userCounts(shard)), tag, version, latest, counts);
    }
}
