package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.UserRecords;
import dev.kickout.it.support.Wait;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RType;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.client.codec.StringCodec;

/** What Redis holds and how often it is asked: no raw token anywhere, one command per request. */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStateIT {

    /** No sweeper tick during the command count. */
    @Deployment(testable = false)
    static WebArchive deployment() {
        // the near cache off: this class reads and edits what the Redis path does (NearCacheIT covers the cache)
        return Deployments.referenceWar(Map.of("kickout.cleanup.interval", "PT1H", "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.session.near-cache", "false"));
    }

    @ArquillianResource
    URL base;

    Api api;
    RedissonClient redis;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        redis = TestRedis.client();
    }

    @Test
    void noRawTokenIsStoredInAnyKeyOrValue() {
        List<Login> logins = new ArrayList<>();
        for (String user : List.of("alice", "bob", "carol", "admin")) {
            logins.add(api.login(user, "web"));
        }
        api.post("auth/logout", logins.get(0).token(), null).assertOk(204);
        api.get("auth/me", logins.get(1).token()).assertOk(200);

        String everything = dump();
        // a user's record keeps its sessions under their id without the user's tag
        String stored = logins.get(1).sessionId().substring(logins.get(1).sessionId().indexOf('.') + 1);
        assertTrue(everything.contains(stored), "the dump does see the stored sessions");
        for (Login login : logins) {
            String secret = login.token().substring(login.token().indexOf('.') + 1);
            assertFalse(everything.contains(secret), "raw token of " + login.sessionId() + " found in Redis");
        }
    }

    @Test
    void oneRedisCommandPerAuthenticatedRequest() {
        String token = api.login("alice", "bench").token();
        int requests = 1000;
        // the counts are Redis's own, over everything: no decision of an earlier test (this class's logout,
        // another class's kick) left for the outbox drainer to deliver in the window
        Wait.until(Duration.ofSeconds(30), () -> "the outbox to hold no entry",
                () -> redis.getKeys().getKeysStreamByPattern("kickout:{*}:ob").findAny().isEmpty());
        Map<String, Long> before = commandCalls();
        for (int i = 0; i < requests; i++) {
            api.get("auth/status", token).assertOk(200);
        }
        Map<String, Long> after = commandCalls();

        Map<String, Long> delta = new HashMap<>();
        after.forEach((command, calls) -> {
            long added = calls - before.getOrDefault(command, 0L);
            if (added > 0 && !command.equals("info") && !command.equals("ping")) {
                delta.put(command, added);
            }
        });
        System.out.printf("[figure] Redis commands over %d authenticated requests: %s%n", requests, delta);
        // commandstats also counts the commands a script runs inside itself; the client sent only EVALSHA
        assertEquals(requests, delta.remove("evalsha"), () -> "EVALSHA calls in " + delta);
        // the outbox drainer's idle tick (one EXISTS a second) runs meanwhile; a request's own would be 1,000
        Long exists = delta.remove("exists");
        assertTrue(exists == null || exists < requests / 10, () -> exists + " EXISTS calls: not the drainer's alone");
        // and the lock watch's idle tick reads its two lists (a ZRANGEBYSCORE per index shard each, a second)
        Long ranges = delta.remove("zrangebyscore");
        assertTrue(ranges == null || ranges < requests / 2, () -> ranges + " ZRANGEBYSCORE calls: not the lock watch's alone");
        // the user's record is one string: GET and SET it (a GET of a token pointer key would show
        // as a second GET per request); TIME is the script reading Redis's clock (clock-lib.lua)
        assertEquals(requests, delta.remove("get"), () -> "GET calls in " + delta);
        assertEquals(requests, delta.remove("set"), () -> "SET calls in " + delta);
        assertTrue(Set.of("time").containsAll(delta.keySet()),
                () -> "commands other than the authenticate script's own: " + delta);
    }

    /** Every key with its type and contents, as one string. */
    private String dump() {
        StringBuilder out = new StringBuilder();
        for (String key : redis.getKeys().getKeys()) {
            RType type = redis.getKeys().getType(key);
            if (type == null) {
                continue; // expired since it was listed (a heartbeat's key, a counter's window)
            }
            out.append(key).append('\n');
            switch (type) {
                // a user's record is MessagePack: read as JSON, its strings as they are
                case OBJECT -> out.append(key.endsWith("}:u") ? UserRecords.decoded(redis, key)
                        : redis.<String>getBucket(key, StringCodec.INSTANCE).get());
                case MAP -> out.append(redis.<String, String>getMap(key, StringCodec.INSTANCE).readAllMap());
                case ZSET -> out.append(redis.<String>getScoredSortedSet(key, StringCodec.INSTANCE).readAll());
                case SET -> out.append(redis.<String>getSet(key, StringCodec.INSTANCE).readAll());
                case LIST -> out.append(redis.<String>getList(key, StringCodec.INSTANCE).readAll());
                default -> out.append("(type ").append(type).append(')');
            }
            out.append('\n');
        }
        return out.toString();
    }

    private Map<String, Long> commandCalls() {
        RedisNode node = redis.getRedisNodes(RedisNodes.SINGLE).getInstance();
        Map<String, Long> calls = new HashMap<>();
        node.info(RedisNode.InfoSection.COMMANDSTATS).forEach((name, stats) -> {
            // cmdstat_evalsha -> calls=1000,usec=...
            String command = name.replace("cmdstat_", "");
            calls.put(command, Long.parseLong(stats.replaceAll(".*?calls=(\\d+).*", "$1")));
        });
        return calls;
    }
}
