package dev.kickout.it.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.support.RedisStates;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The operator set-up of {@code server-config/redis/} as shipped: the module connects with
 * {@code redisson-acl.yaml} (only its address moved to the test Redis), whose user name and password
 * Redisson takes from the environment ({@code KICKOUT_REDIS_USERNAME}, {@code KICKOUT_REDIS_PASSWORD},
 * set for the test JVM by the POM and inherited by the servers it starts), as the Redis user of
 * {@code kickout-users.acl} (only its password and key prefix replaced). Every feature then runs (logins,
 * kicks with their event, locks, a save under a lock, listings, audit, the sweeper and the outbox
 * drainer) and Redis's ACL LOG must stay empty: a command, key or channel the file does not allow
 * fails this test with Redis's own account of it.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisAclIT {

    private static final String PREFIX = "acl-it";
    private static final Path YAML = Path.of("server-config/redis/redisson-acl.yaml");
    private static final Path ACL = Path.of("server-config/redis/kickout-users.acl");
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Deployment(testable = false)
    static WebArchive deployment() throws IOException {
        createUser();
        Path config = Path.of("target", "redis-acl-it.yaml").toAbsolutePath();
        Files.writeString(config, Files.readString(YAML).replace("redis://127.0.0.1:6379", TestRedis.address()));
        return Deployments.referenceWar("acl.war", Map.of(
                "kickout.key-prefix", PREFIX,
                "kickout.redis.config", config.toString(),
                "kickout.login.policy", "PER_DEVICE_TYPE",
                "kickout.audit.datasource", "java:comp/DefaultDataSource",
                "kickout.lock.force-release-grace", "PT0S",
                "kickout.cleanup.interval", "PT1S"));
    }

    @ArquillianResource
    URL base;

    @AfterAll
    static void dropUser() {
        RedisStates.command("ACL", "DELUSER", username());
    }

    @Test
    void everyFeatureRunsAsTheShippedAclUser() throws Exception {
        Api api = new Api(base);
        Login admin = api.login("admin", "console");
        assertTrue(RedisStates.command("CLIENT", "LIST").contains(" user=" + username() + " "),
                "the module is connected as the ACL user, so the YAML's ${...} came from the environment");

        Login alice = api.login("alice", "web");
        api.get("auth/me", alice.token()).assertOk(200);
        try (EventStream stream = EventStream.open(api.request("events?ticket=" + ticket(api, alice), null))) {
            assertEquals(200, stream.status(), stream::body);
            api.login("alice", "web"); // replaces the first: FORCE_LOGOUT REPLACED on its stream
            EventStream.Event event = stream.next(WAIT);
            assertNotNull(event, "the replacement's event");
            assertEquals("FORCE_LOGOUT", event.type());
        }
        Login bob = api.login("bob", "desk");
        api.delete("admin/sessions/" + bob.sessionId() + "?reason=acl", admin.token()).assertOk(200);
        api.get("auth/status", bob.token()).assertProblem(401, "KICKED");

        Login carol = api.login("carol", "web");
        String lock = api.post("locks/document/doc-1", carol.token(), null).assertOk(201).getString("lockToken");
        api.send(api.request("locks/document/doc-1/heartbeat", carol.token(), lock)
                .PUT(HttpRequest.BodyPublishers.noBody())).assertOk(200);
        JsonObject document = api.get("app/documents/doc-1", carol.token()).assertOk(200);
        String body = Json.createObjectBuilder().add("title", "acl").add("body", "text")
                .add("version", document.getJsonNumber("version").longValue()).build().toString();
        api.send(api.request("app/documents/doc-1", carol.token(), lock).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))).assertOk(200);
        api.post("admin/locks/document/doc-1/release", admin.token(), "{\"reason\":\"acl\"}").assertOk(200);
        api.post("locks/order/acl-1", carol.token(), null).assertOk(201);
        api.post("auth/logout", carol.token(), null).assertOk(204);
        api.tryLogin("carol", "wrong", "web", "c").assertProblem(401, "BAD_CREDENTIALS");

        assertEquals(2, api.get("admin/sessions?limit=50", admin.token()).assertOk(200).getInt("total"),
                "admin and alice's second session");
        api.get("admin/users/online?limit=50", admin.token()).assertOk(200);
        api.get("admin/locks", admin.token()).assertOk(200);
        assertTrue(api.get("admin/audit?limit=50", admin.token()).assertOk(200).getJsonArray("items").size() >= 3,
                "the kick, the replacement and the force release are audited");

        // the sweeper bounds an orphaned lock key and a fence counter without expiry on its next ticks
        RedissonClient redis = TestRedis.client();
        String orphan = PREFIX + ":{lock:order:acl-orphan}:h";
        String counter = PREFIX + ":{lock:order:acl-legacy}:fence";
        redis.getMap(orphan, StringCodec.INSTANCE).putAll(Map.of("state", "HELD", "userId", "nobody", "fence", "1",
                "expiresAt", "1000", "acquiredAt", "1000", "lastHeartbeat", "1000"));
        redis.getBucket(counter, StringCodec.INSTANCE).set("7");
        Wait.until(WAIT, () -> "the sweeper to run as the ACL user (the orphan dropped, the counter given an expiry)",
                () -> redis.getKeys().countExists(orphan) == 0
                        && redis.getBucket(counter, StringCodec.INSTANCE).remainTimeToLive() > 0);
        Wait.until(WAIT, () -> "every decision's follow-ups delivered and the outbox emptied",
                () -> redis.getKeys().getKeysStreamByPattern(PREFIX + ":{o*}:ob*").findAny().isEmpty());

        String denied = RedisStates.command("ACL", "LOG");
        System.out.println("[figure] ACL user " + username() + " from kickout-users.acl: ACL LOG entries after every"
                + " feature: " + (denied.isEmpty() ? 0 : denied.lines().filter(l -> l.equals("reason")).count()));
        assertEquals("", denied, "commands, keys or channels refused to the module (ACL LOG)");
    }

    /** Creates the user of kickout-users.acl with the password of the environment and this test's prefix. */
    private static void createUser() throws IOException {
        String line = Files.readAllLines(ACL).stream().filter(l -> l.startsWith("user ")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no user line in " + ACL));
        List<String> args = new ArrayList<>(List.of("ACL", "SETUSER", username(), "reset"));
        Arrays.stream(line.split(" +")).skip(2).map(token -> token.startsWith(">") ? ">" + password()
                : token.replace("kickout:", PREFIX + ":")).forEach(args::add);
        assertEquals("+OK", RedisStates.command(args.toArray(String[]::new)));
        RedisStates.command("ACL", "LOG", "RESET");
    }

    private static String username() {
        return environment("KICKOUT_REDIS_USERNAME");
    }

    private static String password() {
        return environment("KICKOUT_REDIS_PASSWORD");
    }

    private static String environment(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is not set: the POM's failsafe configuration sets it");
        }
        return value;
    }

    private static String ticket(Api api, Login login) {
        return api.post("events/ticket", login.token(), null).assertOk(200).getString("ticket");
    }
}
