package dev.kickout.bench;

import dev.kickout.internal.session.ClientInfo;
import dev.kickout.internal.session.Identity;
import dev.kickout.internal.session.SessionService;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;

/**
 * 10,000 online sessions (10,000 users, opened through the Java API in the server): Redis memory
 * per session with its indexes, and the time to list page 1 of them over HTTP.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SessionListingBench {

    static final int SESSIONS = 10_000;
    static long memoryBefore;

    @Deployment
    static WebArchive deployment() {
        return Deployments.referenceWar("listing.war", Map.of("kickout.key-prefix", "listing",
                "kickout.login.policy", "MULTI", "kickout.cleanup.interval", "PT1H"))
                .addClasses(Api.class, Api.Login.class, dev.kickout.it.http.Reply.class);
    }

    @Inject
    SessionService sessions;

    @Test
    @Order(1)
    @RunAsClient
    void before() {
        memoryBefore = usedMemory();
    }

    @Test
    @Order(2)
    void openTenThousandSessions() {
        long start = System.nanoTime();
        for (int i = 0; i < SESSIONS; i++) {
            sessions.open(new Identity("user-" + i, "User " + i, Set.of("user")),
                    new ClientInfo(i % 2 == 0 ? "web" : "phone", "client-" + i, "127.0.0.1", "bench/1.0"));
        }
        System.out.printf("[figure] opened %d sessions through the Java API in %d ms%n", SESSIONS,
                (System.nanoTime() - start) / 1_000_000);
    }

    @Test
    @Order(3)
    @RunAsClient
    void memoryAndListing(@ArquillianResource URL base) {
        long perSession = (usedMemory() - memoryBefore) / SESSIONS;
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            long start = System.nanoTime();
            int total = api.get("admin/sessions?limit=50", admin).assertOk(200).getInt("total");
            micros.add((System.nanoTime() - start) / 1000);
            if (total < SESSIONS) {
                throw new AssertionError("only " + total + " sessions listed");
            }
        }
        micros.sort(null);
        long usersStart = System.nanoTime();
        api.get("admin/users/online?limit=50", admin).assertOk(200);
        long usersMicros = (System.nanoTime() - usersStart) / 1000;
        System.out.printf("[figure] Redis memory per session incl. indexes: %d bytes (INFO used_memory delta over %d)%n",
                perSession, SESSIONS);
        System.out.printf("[figure] GET /admin/sessions?limit=50 over %d sessions: median %.2f ms, max %.2f ms (50 runs);"
                + " GET /admin/users/online?limit=50: %.2f ms%n", SESSIONS, micros.get(25) / 1000.0,
                micros.get(49) / 1000.0, usersMicros / 1000.0);
    }

    private static long usedMemory() {
        RedisNode node = TestRedis.client().getRedisNodes(RedisNodes.SINGLE).getInstance();
        return Long.parseLong(node.info(RedisNode.InfoSection.MEMORY).get("used_memory"));
    }
}
