package dev.kickout.bench;

import dev.kickout.Actor;
import dev.kickout.ResourceRef;
import dev.kickout.internal.lock.EditLocks;
import dev.kickout.internal.session.ClientInfo;
import dev.kickout.internal.session.Identity;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionService;
import dev.kickout.internal.session.Tombstone;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;

/**
 * Redis memory for sizing (server-config/redis/README.md): INFO {@code used_memory} before and after
 * 10,000 sessions of 10,000 users, 10,000 sessions of 2,000 users (5 each), 10,000 held locks, and
 * kicking the 10,000 sessions of the 2,000 users (what tombstones, audit entries and events leave).
 * Opened through the Java API in the server, so only Redis's share is measured.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisMemoryBench {

    static final int COUNT = 10_000;
    static final int USERS_OF_FIVE = COUNT / 5;
    static final int HOLDERS = 100;
    static long mark;

    @Deployment
    static WebArchive deployment() {
        // each of the 100 holders holds 100 locks: past the default caps per session and per user
        return Deployments.referenceWar("memory.war", Map.of("kickout.key-prefix", "memory",
                "kickout.login.policy", "MULTI", "kickout.cleanup.interval", "PT1H",
                "kickout.lock.max-per-session", "100", "kickout.lock.max-per-user", "100"));
    }

    @Inject
    SessionService sessions;
    @Inject
    EditLocks locks;

    @Test
    @Order(1)
    @RunAsClient
    void start() {
        mark = usedMemory();
    }

    @Test
    @Order(2)
    void sessionsOfOneEach() {
        for (int i = 0; i < COUNT; i++) {
            open("one-" + i, i);
        }
    }

    @Test
    @Order(3)
    @RunAsClient
    void afterSessionsOfOneEach() {
        figure("session, 1 per user (10,000 users)", COUNT);
    }

    @Test
    @Order(4)
    void sessionsOfFiveEach() {
        for (int i = 0; i < COUNT; i++) {
            open("five-" + (i % USERS_OF_FIVE), i);
        }
    }

    @Test
    @Order(5)
    @RunAsClient
    void afterSessionsOfFiveEach() {
        figure("session, 5 per user (2,000 users)", COUNT);
    }

    @Test
    @Order(6)
    void heldLocks() {
        for (int h = 0; h < HOLDERS; h++) {
            Session holder = sessions.authenticate(open("holder-" + h, h));
            for (int i = 0; i < COUNT / HOLDERS; i++) {
                locks.acquire(new ResourceRef("document", "memory-" + h + "-" + i), holder);
            }
        }
    }

    @Test
    @Order(7)
    @RunAsClient
    void afterHeldLocks() {
        figure("held lock (100 holders of 100 each, with their 100 sessions)", COUNT);
    }

    @Test
    @Order(8)
    void kickSessionsOfFiveEach() {
        Actor admin = new Actor("admin", null, "127.0.0.1");
        for (int u = 0; u < USERS_OF_FIVE; u++) {
            sessions.revokeUser("five-" + u, null, null, Tombstone.KICKED, "memory bench", admin);
        }
    }

    @Test
    @Order(9)
    @RunAsClient
    void afterKicks() {
        figure("kicked session (its tombstone, audit entry and event replace the live session)", COUNT);
    }

    private String open(String userId, int i) {
        return sessions.open(new Identity(userId, userId, Set.of("user")),
                new ClientInfo(i % 2 == 0 ? "web" : "phone", "client-" + i, "127.0.0.1", "bench/1.0")).token();
    }

    private static void figure(String what, int count) {
        long now = usedMemory();
        System.out.printf("[figure] Redis memory per %s: %d bytes (INFO used_memory delta over %d, total now %d bytes)%n",
                what, (now - mark) / count, count, now);
        mark = now;
    }

    /** INFO {@code used_memory} of the test Redis (also read by WrkBench). */
    static long usedMemory() {
        RedisNode node = TestRedis.client().getRedisNodes(RedisNodes.SINGLE).getInstance();
        return Long.parseLong(node.info(RedisNode.InfoSection.MEMORY).get("used_memory"));
    }
}
