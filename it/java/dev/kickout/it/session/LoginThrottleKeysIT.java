package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import jakarta.json.Json;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
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

/**
 * What a password sprayer costs Redis and how far an address reaches: sign-ins that the throttle refuses leave
 * no key behind however many usernames they name (the address's budget spent, Redis holds what the spent budget
 * wrote and no more), and an IPv6 client is one address with every other address of its /64.
 * {@code -Dkickout.it.throttle.refused=N} sets how many refused sign-ins the first test sends (2,000 by default).
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginThrottleKeysIT {

    private static final String PREFIX = "throttle-keys-" + UUID.randomUUID().toString().substring(0, 8);
    private static final int PER_ADDRESS = 20;
    private static final int REFUSED = Integer.getInteger("kickout.it.throttle.refused", 2_000);
    private static final int THREADS = 16;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("throttle-keys.war", Map.of(
                "kickout.key-prefix", PREFIX,
                "kickout.trusted-proxies", "127.0.0.1/32",
                "kickout.login.policy", "MULTI",
                "kickout.login.throttle.window", "PT2M",
                "kickout.login.throttle.max-failures-per-address", Integer.toString(PER_ADDRESS)));
    }

    @ArquillianResource
    URL base;

    @Test
    void signInsRefusedAtAThrottledAddressLeaveNoKeysBehind() throws Exception {
        Api api = new Api(base);
        String address = "192.0.2.77";
        for (int i = 0; i < PER_ADDRESS; i++) {
            attempt(api, "spray-" + i + "-" + UUID.randomUUID(), address).assertProblem(401, "BAD_CREDENTIALS");
        }
        long spent = keys();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        Map<Integer, Integer> answers = new TreeMap<>();
        try {
            List<Future<Integer>> replies = new ArrayList<>();
            for (int i = 0; i < REFUSED; i++) {
                String user = "spray-refused-" + i + "-" + UUID.randomUUID();
                replies.add(pool.submit(() -> attempt(api, user, address).status()));
            }
            for (Future<Integer> reply : replies) {
                answers.merge(reply.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            }
        } finally {
            pool.shutdownNow();
        }
        long after = keys();
        System.out.println("[figure] " + PER_ADDRESS + " failed sign-ins from one address left " + spent + " keys; "
                + REFUSED + " more with distinct usernames, answered " + answers + ", left " + after);
        assertEquals(Map.of(429, REFUSED), answers);
        assertEquals(spent, after, "keys under " + PREFIX + " before and after the refused sign-ins");
    }

    @Test
    void anIpv6ClientSharesOneAddressBudgetWithItsWholeSlash64() {
        Api api = new Api(base);
        for (int i = 0; i < PER_ADDRESS; i++) {
            attempt(api, "v6-" + UUID.randomUUID(), "2001:db8:77:1::" + Integer.toHexString(i + 1))
                    .assertProblem(401, "BAD_CREDENTIALS");
        }
        attempt(api, "v6-" + UUID.randomUUID(), "2001:db8:77:1:ffff:ffff:ffff:fffe").assertProblem(429, "TOO_MANY_ATTEMPTS");
        attempt(api, "v6-" + UUID.randomUUID(), "2001:db8:77:2::1").assertProblem(401, "BAD_CREDENTIALS");
    }

    private static long keys() {
        return TestRedis.client().getKeys().getKeysStreamByPattern(PREFIX + "*").count();
    }

    private static Reply attempt(Api api, String user, String forwardedFor) {
        String body = Json.createObjectBuilder().add("username", user).add("password", "wrong")
                .add("deviceType", "web").add("clientId", "it-throttle-keys").build().toString();
        return api.send(api.request("auth/login", null).header("Content-Type", "application/json")
                .header("X-Forwarded-For", forwardedFor).POST(HttpRequest.BodyPublishers.ofString(body)));
    }
}
