package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import dev.kickout.redis.RedisKeys;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
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
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * {@code GET /admin/sessions?deviceType=} pages from the per-device-type index (not a read of every
 * session), the index follows logins, revocations and the tidy, and the tidy removes a user from
 * the users index only if no login re-added it meanwhile.
 */
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
    void listingByDeviceTypeIsIndexedAndPaged() {
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

        RedissonClient redis = TestRedis.client();
        assertEquals(kiosks, kioskIndex(redis), "the listing's own index (its shards)");

        String kicked = kiosks.iterator().next();
        api.delete("admin/sessions/" + kicked, admin).assertOk(200);
        assertFalse(kioskIndex(redis).contains(kicked), "a revoked session leaves its device type index at once");
        JsonObject after = api.get("admin/sessions?deviceType=kiosk&limit=500", admin).assertOk(200);
        assertEquals(kiosks.size() - 1, after.getInt("total"));
        assertEquals(3, api.get("admin/sessions?deviceType=web", admin).assertOk(200).getInt("total"));
        assertEquals(0, api.get("admin/sessions?deviceType=none", admin).assertOk(200).getInt("total"));
    }

    @Test
    void theTidyTakesDeadSessionsOutOfTheirDeviceTypeIndex() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        RedissonClient redis = TestRedis.client();
        String dead = RedisKeys.userTag("carol") + ".AAAAAAAAAAAAAAAAAAAAAA";
        // an entry whose session is gone (as after an expiry buried by a login): stale score, no record
        int shard = shardOf("carol");
        redis.getScoredSortedSet(KEYS.sessionsIndex(shard), StringCodec.INSTANCE).add(1, dead);
        redis.getScoredSortedSet(KEYS.deviceTypeIndex(shard, "ghost"), StringCodec.INSTANCE).add(1, dead);
        redis.getMap(KEYS.sessionDeviceTypes(shard), StringCodec.INSTANCE).put(dead, "ghost");

        assertEquals(0, api.get("admin/sessions?deviceType=ghost", admin).assertOk(200).getInt("total"));
        assertFalse(redis.getScoredSortedSet(KEYS.sessionsIndex(shard), StringCodec.INSTANCE).contains(dead));
        assertNull(redis.getMap(KEYS.sessionDeviceTypes(shard), StringCodec.INSTANCE).get(dead));
    }

    @Test
    void theUsersIndexTidyLetsAConcurrentLoginWin() throws IOException {
        RedissonClient redis = TestRedis.client();
        String users = PREFIX + ":{idx}:users-race";
        RScoredSortedSet<String> index = redis.getScoredSortedSet(users, StringCodec.INSTANCE);
        index.add(1000, "tag-a");
        index.add(1000, "tag-b");
        // tidy read both at 1000 and found no live session; then a login re-added tag-a
        index.add(5000, "tag-a");

        assertEquals(List.of(0L), forgetUser(redis, users, "tag-a", "1000"));
        assertEquals(List.of(1L), forgetUser(redis, users, "tag-b", "1000"));
        assertEquals(5000.0, index.getScore("tag-a"), "the login's entry survives");
        assertNull(index.getScore("tag-b"), "an unchanged stale entry goes");
        assertEquals(List.of(0L), forgetUser(redis, users, "tag-c", "1000"));
    }

    private static Set<String> kioskIndex(RedissonClient redis) {
        Set<String> entries = new HashSet<>();
        for (int shard = 0; shard < RedisKeys.INDEX_SHARDS; shard++) {
            entries.addAll(redis.<String>getScoredSortedSet(KEYS.deviceTypeIndex(shard, "kiosk"), StringCodec.INSTANCE)
                    .readAll());
        }
        return entries;
    }

    private static int shardOf(String userId) {
        return RedisKeys.indexShardOfUser(RedisKeys.userTag(userId));
    }

    private static List<Object> forgetUser(RedissonClient redis, String key, String tag, String score)
            throws IOException {
        try (InputStream in = RedisKeys.class.getResourceAsStream("index-forget-user.lua")) {
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return redis.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE, source, RScript.ReturnType.LIST,
                    List.of(key), tag, score);
        }
    }
}
