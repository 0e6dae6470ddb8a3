package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
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

/**
 * The login throttle under attack, through a trusted proxy (the test plays it, from 127.0.0.1, and
 * names each client in {@code X-Forwarded-For}):
 * <ul>
 * <li>parallel guessing gets exactly the configured number of guesses, whether from one address or
 * spread over many: each attempt takes its place in the counters before the password is checked;</li>
 * <li>guessing from one address does not lock the owner out: she signs in at once from another
 * address, and from a device she signed in with before (its KICKOUT_DEVICE cookie), while the
 * guessing address without the cookie stays throttled; a known device has its own budget, and the
 * cookie is worth nothing for another username.</li>
 * </ul>
 * Counters are global Redis state: the deployment has its own key prefix, each test its own names
 * and addresses.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginThrottleAttackIT {

    private static final int PER_USER_AND_ADDRESS = 10;
    private static final int PER_USER = 40;
    private static final int PER_DEVICE = 5;
    private static final int DEVICES_PER_USER = 3;
    private static final int PARALLEL = 300;
    private static final int THREADS = 32;
    private static final String PREFIX = "throttle-attack-" + UUID.randomUUID().toString().substring(0, 8);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("throttle-attack.war", Map.of(
                "kickout.key-prefix", PREFIX,
                "kickout.trusted-proxies", "127.0.0.1/32",
                "kickout.login.policy", "MULTI",
                "kickout.login.throttle.window", "PT2M",
                "kickout.login.throttle.max-failures-per-user-and-address", Integer.toString(PER_USER_AND_ADDRESS),
                "kickout.login.throttle.max-failures-per-user", Integer.toString(PER_USER),
                "kickout.login.throttle.max-failures-per-address", "1000",
                "kickout.login.throttle.max-failures-per-device", Integer.toString(PER_DEVICE),
                "kickout.login.throttle.devices-per-user", Integer.toString(DEVICES_PER_USER)));
    }

    @ArquillianResource
    URL base;

    @Test
    void parallelGuessesFromOneAddressGetExactlyTheLimit() throws Exception {
        Api api = new Api(base);
        String user = "race-" + UUID.randomUUID();
        Map<Integer, Integer> answers = inParallel(i -> attempt(api, user, "wrong-" + i, "192.0.2.10", null));
        System.out.println("[figure] " + PARALLEL + " parallel wrong sign-ins of one user from one address"
                + " (limit " + PER_USER_AND_ADDRESS + "): " + answers);
        assertEquals(Map.of(401, PER_USER_AND_ADDRESS, 429, PARALLEL - PER_USER_AND_ADDRESS), answers);

        String admin = adminToken(api);
        List<JsonObject> trips = trips(api, admin, "user:" + user);
        assertEquals(1, trips.size(), () -> "one audit entry per trip: " + trips);
        assertEquals("USER_AT_ADDRESS", trips.get(0).getJsonObject("details").getString("kind"));
        assertEquals("192.0.2.10", trips.get(0).getJsonObject("actor").getString("ip"));
    }

    @Test
    void parallelGuessesFromManyAddressesGetExactlyTheAccountCeiling() throws Exception {
        Api api = new Api(base);
        String user = "spread-" + UUID.randomUUID();
        Map<Integer, Integer> answers = inParallel(i -> attempt(api, user, "wrong-" + i, address("198.18", i), null));
        System.out.println("[figure] " + PARALLEL + " parallel wrong sign-ins of one user from " + PARALLEL
                + " addresses (account ceiling " + PER_USER + "): " + answers);
        assertEquals(Map.of(401, PER_USER, 429, PARALLEL - PER_USER), answers);
        List<JsonObject> trips = trips(api, adminToken(api), "user:" + user);
        assertEquals(1, trips.size(), () -> "one audit entry per trip: " + trips);
        assertEquals("USER", trips.get(0).getJsonObject("details").getString("kind"));
    }

    @Test
    void guessingFromOneAddressLocksNeitherAnotherAddressNorAKnownDeviceOut() {
        Api api = new Api(base);
        String x = "203.0.113.20";
        String y = "203.0.113.21";
        Reply earlier = attempt(api, "bob", "bob", x, null);
        assertEquals(200, earlier.status(), earlier::body);
        String device = deviceCookie(earlier);

        Map<Integer, Integer> guesses = new TreeMap<>();
        for (int i = 0; i < 50; i++) {
            guesses.merge(attempt(api, "bob", "guess-" + i, x, null).status(), 1, Integer::sum);
        }
        System.out.println("[figure] 50 wrong sign-ins of bob from address X: " + guesses);
        assertEquals(Map.of(401, PER_USER_AND_ADDRESS, 429, 50 - PER_USER_AND_ADDRESS), guesses);

        int fromY = attempt(api, "bob", "bob", y, null).status();
        int knownDeviceAtX = attempt(api, "bob", "bob", x, device).status();
        Reply newClientAtX = attempt(api, "bob", "bob", x, null);
        Reply strangeCookieAtX = attempt(api, "bob", "bob", x, "A".repeat(43));
        System.out.println("[figure] after them, bob's right password: from Y " + fromY + ", from a known device at X "
                + knownDeviceAtX + ", from X without the device cookie " + newClientAtX.status()
                + ", from X with an unknown cookie " + strangeCookieAtX.status());
        assertEquals(200, fromY);
        assertEquals(200, knownDeviceAtX);
        newClientAtX.assertProblem(429, "TOO_MANY_ATTEMPTS");
        assertTrue(newClientAtX.json().getString("detail").contains("address"), newClientAtX::body);
        strangeCookieAtX.assertProblem(429, "TOO_MANY_ATTEMPTS");
    }

    @Test
    void theOwnersSuccessKeepsTheFailuresOfOtherAddresses() {
        // carol's counters are this test's alone while it runs (the demo has four users; another test uses her too)
        forgetCounters("carol");
        try {
            Api api = new Api(base);
            for (int i = 0; i < PER_USER - 1; i++) {
                attempt(api, "carol", "guess-" + i, address("198.19", i), null).assertProblem(401, "BAD_CREDENTIALS");
            }
            Reply owner = attempt(api, "carol", "carol", "203.0.113.30", null);
            assertEquals(200, owner.status(), owner::body);

            // her success took off only what her own address had counted: one guess from elsewhere fills the ceiling
            attempt(api, "carol", "guess", "203.0.113.31", null).assertProblem(401, "BAD_CREDENTIALS");
            attempt(api, "carol", "guess", "203.0.113.32", null).assertProblem(429, "TOO_MANY_ATTEMPTS");
        } finally {
            forgetCounters("carol");
        }
    }

    private static void forgetCounters(String username) {
        String counter = RedisKeys.withPrefix(PREFIX).loginFailuresOfUser(username);
        TestRedis.client().getKeys().deleteByPattern(counter.substring(0, counter.length() - ":f".length()) + "*");
    }

    @Test
    void aKnownDeviceHasItsOwnBudgetAndOnlyForItsUser() {
        Api api = new Api(base);
        String x = "203.0.113.30";
        Reply earlier = attempt(api, "carol", "carol", x, null);
        assertEquals(200, earlier.status(), earlier::body);
        String device = deviceCookie(earlier);
        String cookieLine = earlier.headers().allValues("Set-Cookie").stream()
                .filter(line -> line.startsWith("KICKOUT_DEVICE=")).findFirst().orElseThrow();
        assertTrue(cookieLine.contains("HttpOnly") && cookieLine.contains("SameSite=Strict")
                && cookieLine.contains("Max-Age="), cookieLine);

        Map<Integer, Integer> guesses = new TreeMap<>();
        for (int i = 0; i < PER_DEVICE + 3; i++) {
            guesses.merge(attempt(api, "carol", "guess-" + i, x, device).status(), 1, Integer::sum);
        }
        System.out.println("[figure] " + (PER_DEVICE + 3) + " wrong sign-ins of carol with her device cookie: " + guesses);
        assertEquals(Map.of(401, PER_DEVICE, 429, 3), guesses);
        attempt(api, "carol", "carol", x, device).assertProblem(429, "TOO_MANY_ATTEMPTS");
        // the device's failures are its own: the same address without the cookie is not throttled
        Reply withoutCookie = attempt(api, "carol", "carol", x, null);
        assertEquals(200, withoutCookie.status(), withoutCookie::body);
        assertNotEquals(device, deviceCookie(withoutCookie));

        // carol's cookie is no known device of alice: guessing alice at this address is throttled alike
        for (int i = 0; i < PER_USER_AND_ADDRESS; i++) {
            attempt(api, "alice", "guess-" + i, x, null).assertProblem(401, "BAD_CREDENTIALS");
        }
        attempt(api, "alice", "alice", x, deviceCookie(withoutCookie)).assertProblem(429, "TOO_MANY_ATTEMPTS");
    }

    @Test
    void aUserKeepsOnlyHerMostRecentDevices() {
        Api api = new Api(base);
        String x = "203.0.113.40";
        List<String> devices = new ArrayList<>();
        for (int i = 0; i <= DEVICES_PER_USER; i++) {
            Reply signedIn = attempt(api, "alice", "alice", x, null);
            assertEquals(200, signedIn.status(), signedIn::body);
            devices.add(deviceCookie(signedIn));
        }
        for (int i = 0; i < PER_USER_AND_ADDRESS; i++) {
            attempt(api, "alice", "guess-" + i, x, null).assertProblem(401, "BAD_CREDENTIALS");
        }
        List<Integer> answers = devices.stream().map(device -> attempt(api, "alice", "alice", x, device).status()).toList();
        System.out.println("[figure] alice's " + devices.size() + " device cookies, oldest first, at a throttled address"
                + " (devices-per-user " + DEVICES_PER_USER + "): " + answers);
        assertEquals(List.of(429, 200, 200, 200), answers);
    }

    /** Sends {@link #PARALLEL} attempts at once over a pool of {@link #THREADS}; answers status → count. */
    private static Map<Integer, Integer> inParallel(IntFunction<Reply> attempt) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> replies = new ArrayList<>();
            for (int i = 0; i < PARALLEL; i++) {
                int n = i;
                replies.add(pool.submit(() -> {
                    start.await();
                    return attempt.apply(n).status();
                }));
            }
            start.countDown();
            Map<Integer, Integer> answers = new TreeMap<>();
            for (Future<Integer> reply : replies) {
                answers.merge(reply.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Reply attempt(Api api, String user, String password, String forwardedFor, String deviceCookie) {
        String body = Json.createObjectBuilder().add("username", user).add("password", password)
                .add("deviceType", "web").add("clientId", "it-throttle").build().toString();
        HttpRequest.Builder request = api.request("auth/login", null).header("Content-Type", "application/json")
                .header("X-Forwarded-For", forwardedFor).POST(HttpRequest.BodyPublishers.ofString(body));
        if (deviceCookie != null) {
            request.header("Cookie", "KICKOUT_DEVICE=" + deviceCookie);
        }
        return api.send(request);
    }

    private static String deviceCookie(Reply reply) {
        String line = reply.headers().allValues("Set-Cookie").stream().filter(l -> l.startsWith("KICKOUT_DEVICE="))
                .findFirst().orElse(null);
        assertNotNull(line, () -> "no device cookie in " + reply.headers().map());
        String value = line.substring("KICKOUT_DEVICE=".length(), line.indexOf(';'));
        assertEquals(43, value.length(), line);
        return value;
    }

    /** The i-th of many documentation-range addresses (RFC 2544 benchmark range). */
    private static String address(String net, int i) {
        return net + "." + (i / 250) + "." + (1 + i % 250);
    }

    private static String adminToken(Api api) {
        Reply admin = attempt(api, "admin", "admin", "198.51.100.99", null);
        assertEquals(200, admin.status(), admin::body);
        return admin.json().getString("token");
    }

    private static List<JsonObject> trips(Api api, String admin, String target) {
        return api.get("admin/audit?limit=500&action=LOGIN_THROTTLED", admin).assertOk(200).getJsonArray("items").stream()
                .map(JsonValue::asJsonObject)
                .filter(entry -> entry.getString("target").equals(target))
                .toList();
    }
}
