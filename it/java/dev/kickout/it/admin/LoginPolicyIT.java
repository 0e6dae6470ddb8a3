package dev.kickout.it.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Each login policy under bursts of 50 parallel logins of one user with mixed device types,
 * 3 rounds each ({@code kickout.it.policy-rounds}): afterwards exactly the sessions the policy allows are
 * alive, every other login's token answers REPLACED (or its login was refused with SESSION_LIMIT).
 *
 * <p>On the single-Redis WildFly run only: the Sentinel run executes the same scripts on one master, the
 * Cluster run races the policies over two instances in ClusterPolicyBurstIT, and Payara runs the same scripts.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginPolicyIT {

    private static final int LOGINS = 50;
    private static final int ROUNDS = Integer.getInteger("kickout.it.policy-rounds", 3);
    private static final List<String> DEVICES = List.of("web", "phone", "tablet");
    private static final ExecutorService POOL = Executors.newFixedThreadPool(LOGINS);

    @Deployment(name = "multi", testable = false)
    static WebArchive multi() {
        return policy("multi", "MULTI", "EVICT_OLDEST");
    }

    @Deployment(name = "single", testable = false)
    static WebArchive single() {
        return policy("single", "SINGLE", "EVICT_OLDEST");
    }

    @Deployment(name = "per-device", testable = false)
    static WebArchive perDevice() {
        return policy("per-device", "PER_DEVICE_TYPE", "EVICT_OLDEST");
    }

    @Deployment(name = "evict", testable = false)
    static WebArchive evict() {
        return policy("evict", "MAX_SESSIONS", "EVICT_OLDEST");
    }

    @Deployment(name = "reject", testable = false)
    static WebArchive reject() {
        return policy("reject", "MAX_SESSIONS", "REJECT");
    }

    private static WebArchive policy(String name, String policy, String whenFull) {
        return Deployments.referenceWar(name + ".war", Deployments.unthrottled(Map.of(
                "kickout.key-prefix", "policy-" + name,
                "kickout.login.policy", policy,
                "kickout.login.max-sessions", "3",
                "kickout.login.when-full", whenFull)));
    }

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void multiKeepsEverySession(@ArquillianResource @OperateOnDeployment("multi") URL base) throws Exception {
        rounds(base, "MULTI", burst -> assertEquals(LOGINS, burst.alive.size()));
    }

    @Test
    void singleKeepsExactlyOne(@ArquillianResource @OperateOnDeployment("single") URL base) throws Exception {
        rounds(base, "SINGLE", burst -> assertEquals(1, burst.alive.size()));
    }

    @Test
    void perDeviceTypeKeepsOnePerType(@ArquillianResource @OperateOnDeployment("per-device") URL base) throws Exception {
        rounds(base, "PER_DEVICE_TYPE", burst -> {
            assertEquals(DEVICES.size(), burst.alive.size());
            assertEquals(new HashSet<>(DEVICES), new HashSet<>(burst.alive.values()));
        });
    }

    @Test
    void maxSessionsEvictsTheOldest(@ArquillianResource @OperateOnDeployment("evict") URL base) throws Exception {
        rounds(base, "MAX_SESSIONS/EVICT_OLDEST", burst -> assertEquals(3, burst.alive.size()));
    }

    @Test
    void maxSessionsRejectsBeyondTheLimit(@ArquillianResource @OperateOnDeployment("reject") URL base) throws Exception {
        rounds(base, "MAX_SESSIONS/REJECT", burst -> {
            assertEquals(3, burst.alive.size());
            assertEquals(LOGINS - 3, burst.refused);
        });
    }

    /** What one burst left behind: live sessions (token → device type), replaced tokens, refused logins. */
    record Burst(Map<String, String> alive, int replaced, int refused) {
    }

    interface Check {
        void verify(Burst burst);
    }

    private void rounds(URL base, String policy, Check check) throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        List<String> results = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            api.post("admin/users/carol/logout", admin, "{\"reason\":\"next round\"}");
            Burst burst = burst(api);
            check.verify(burst);
            assertEquals(LOGINS, burst.alive.size() + burst.replaced + burst.refused);
            Reply listed = api.get("admin/sessions?userId=carol&limit=500", admin);
            assertEquals(burst.alive.size(), listed.assertOk(200).getInt("total"), "the admin listing agrees");
            results.add(burst.alive.size() + "/" + burst.replaced + "/" + burst.refused);
        }
        System.out.printf("[figure] %s: %d rounds of %d parallel logins, alive/replaced/refused per round: %s%n",
                policy, ROUNDS, LOGINS, results);
    }

    private Burst burst(Api api) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Reply>> logins = new ArrayList<>();
        for (int i = 0; i < LOGINS; i++) {
            String device = DEVICES.get(i % DEVICES.size());
            String client = "burst-" + i;
            logins.add(POOL.submit(() -> {
                start.await();
                return api.tryLogin("carol", "carol", device, client);
            }));
        }
        start.countDown();
        List<Reply> replies = new ArrayList<>();
        for (Future<Reply> future : logins) {
            replies.add(future.get(60, TimeUnit.SECONDS));
        }
        // only now, with every login of the burst answered, is the outcome final
        Map<String, String> alive = new HashMap<>();
        int replaced = 0;
        int refused = 0;
        for (Reply login : replies) {
            if (login.status() == 409) {
                login.assertProblem(409, "SESSION_LIMIT");
                refused++;
                continue;
            }
            String token = login.assertOk(200).getString("token");
            Reply me = api.get("auth/me", token);
            if (me.status() == 200) {
                alive.put(token, me.json().getString("deviceType"));
            } else {
                me.assertProblem(401, "REPLACED");
                replaced++;
            }
        }
        Set<String> distinct = new HashSet<>(alive.keySet());
        assertEquals(alive.size(), distinct.size());
        return new Burst(alive, replaced, refused);
    }
}
