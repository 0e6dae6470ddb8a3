package dev.kickout.it.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.OnTopology;
import dev.kickout.it.support.RedisTopology;
import java.net.URL;
import java.util.ArrayList;
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
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis Cluster, two app instances: bursts of 200 parallel logins of one user, split over a and b,
 * under {@code SINGLE} and {@code MAX_SESSIONS} (3, evict the oldest). After each burst the user has
 * exactly the sessions the policy allows, the newest of that burst, and every session that existed is
 * accounted for once: alive, or named in exactly one login's {@code replaced}; at most 2 % of the logins
 * of a burst may answer 503 (see {@link BurstCheck}). 6 bursts per policy
 * ({@code kickout.it.policy-bursts}; the single-Redis run races the same script in {@code LoginPolicyIT}).
 */
@OnTopology(RedisTopology.CLUSTER)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClusterPolicyBurstIT {

    private static final int BURSTS = Integer.getInteger("kickout.it.policy-bursts", 6);
    private static final int LOGINS = 200;
    /** Logins of a burst that may answer 503 (no replica confirmed them within the wait). */
    private static final int MAX_UNCONFIRMED = LOGINS / 50;
    private static final String USER = "carol";
    private static final List<String> DEVICES = List.of("web", "phone", "tablet");
    private static final ExecutorService POOL = Executors.newFixedThreadPool(LOGINS);

    @Deployment(name = "single-a", testable = false)
    @TargetsContainer("a")
    static WebArchive singleOnA() {
        return policy("single", "SINGLE");
    }

    @Deployment(name = "single-b", testable = false)
    @TargetsContainer("b")
    static WebArchive singleOnB() {
        return policy("single", "SINGLE");
    }

    @Deployment(name = "max-a", testable = false)
    @TargetsContainer("a")
    static WebArchive maxOnA() {
        return policy("max", "MAX_SESSIONS");
    }

    @Deployment(name = "max-b", testable = false)
    @TargetsContainer("b")
    static WebArchive maxOnB() {
        return policy("max", "MAX_SESSIONS");
    }

    private static WebArchive policy(String name, String policy) {
        return Deployments.referenceWar(name + ".war", Deployments.unthrottled(Map.of("kickout.key-prefix", "burst-" + name,
                "kickout.login.policy", policy, "kickout.login.max-sessions", "3",
                "kickout.login.when-full", "EVICT_OLDEST")));
    }

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void singleKeepsExactlyOneAcrossInstances(@ArquillianResource @OperateOnDeployment("single-a") URL a,
            @ArquillianResource @OperateOnDeployment("single-b") URL b) throws Exception {
        bursts("SINGLE", 1, new Api(a), new Api(b));
    }

    @Test
    void maxSessionsKeepsExactlyThreeAcrossInstances(@ArquillianResource @OperateOnDeployment("max-a") URL a,
            @ArquillianResource @OperateOnDeployment("max-b") URL b) throws Exception {
        bursts("MAX_SESSIONS/EVICT_OLDEST (3)", 3, new Api(a), new Api(b));
    }

    private void bursts(String policy, int allowed, Api a, Api b) throws Exception {
        String admin = a.login("admin", "console").token();
        int cleared = a.post("admin/users/" + USER + "/logout", admin, "{\"reason\":\"before the bursts\"}").status();
        assertTrue(cleared == 200 || cleared == 404, "the user starts without sessions");
        BurstCheck check = new BurstCheck(USER, allowed, admin, MAX_UNCONFIRMED);
        Set<String> alive = Set.of();
        long loginNanos = 0;
        long start = System.nanoTime();
        for (int burst = 0; burst < BURSTS; burst++) {
            long burstStart = System.nanoTime();
            List<Reply> logins = burst(a, b);
            loginNanos += System.nanoTime() - burstStart;
            alive = check.verify(burst, alive, logins, burst % 2 == 0 ? a : b, burst % 2 == 0 ? b : a);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("[figure] cluster %s, %d bursts of %d parallel logins split over instances a and b: "
                        + "%.0f logins/s during the bursts, %.1f s in all with the checks, %d logins answered 503 "
                        + "(no replica confirmed in time), %d violations%s%n", policy, BURSTS, LOGINS,
                BURSTS * LOGINS / (loginNanos / 1e9), seconds, check.unconfirmed(), check.violations().size(),
                check.violations().isEmpty() ? "" : ", first: " + check.violations().get(0));
        assertEquals(List.of(), check.violations());
    }

    private static List<Reply> burst(Api a, Api b) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Reply>> logins = new ArrayList<>();
        for (int i = 0; i < LOGINS; i++) {
            Api on = i % 2 == 0 ? a : b;
            String device = DEVICES.get(i % DEVICES.size());
            String client = "burst-" + i;
            logins.add(POOL.submit(() -> {
                go.await();
                return on.tryLogin(USER, USER, device, client);
            }));
        }
        go.countDown();
        List<Reply> replies = new ArrayList<>();
        for (Future<Reply> login : logins) {
            replies.add(login.get(120, TimeUnit.SECONDS));
        }
        return replies;
    }
}
