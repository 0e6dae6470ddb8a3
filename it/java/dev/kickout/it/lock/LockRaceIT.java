package dev.kickout.it.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerAgnostic;
import jakarta.json.Json;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Real parallelism: racing acquires, and a bounded storm of acquire → fenced save → release. */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LockRaceIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "race", "kickout.login.policy", "MULTI"));
    }

    @ArquillianResource
    URL base;

    @Test
    void sixtyFourRacersGetExactlyOneHolderPerRound() throws Exception {
        Api api = new Api(base);
        int racers = 64;
        List<String> sessions = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            sessions.add(api.login(i % 2 == 0 ? "alice" : "bob", "racer").token()); // MULTI: one device type, many sessions
        }
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            for (int round = 0; round < 10; round++) {
                String path = "locks/order/race-" + UUID.randomUUID();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Reply>> replies = new ArrayList<>();
                for (String session : sessions) {
                    replies.add(pool.submit(() -> {
                        start.await();
                        return api.post(path, session, null);
                    }));
                }
                start.countDown();
                int won = 0;
                int held = 0;
                for (Future<Reply> reply : replies) {
                    Reply r = reply.get(60, TimeUnit.SECONDS);
                    if (r.status() == 201) {
                        won++;
                    } else {
                        r.assertProblem(423, "LOCK_HELD");
                        held++;
                    }
                }
                assertEquals(1, won, "round " + round);
                assertEquals(racers - 1, held);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * 8 clients for 15 s on 3 documents: acquire, read, save with the lock token, release. Every
     * successful save adds one to the version; at the end each version moved by exactly the number
     * of saves (no lost update), and no fence was handed out twice (no two holders at once).
     */
    @Test
    void aStormOfEditorsLosesNoUpdateAndNeverOverlaps() throws Exception {
        Api api = new Api(base);
        List<String> docs = List.of("doc-10", "doc-11", "doc-12");
        Map<String, Long> startVersions = new ConcurrentHashMap<>();
        for (String doc : docs) {
            startVersions.put(doc, api.get("app/documents/" + doc, api.login("admin", "web").token()).json()
                    .getJsonNumber("version").longValue());
        }
        Map<String, AtomicInteger> saves = new ConcurrentHashMap<>();
        Map<String, Set<Long>> fences = new ConcurrentHashMap<>();
        docs.forEach(doc -> {
            saves.put(doc, new AtomicInteger());
            fences.put(doc, ConcurrentHashMap.newKeySet());
        });
        AtomicInteger duplicateFences = new AtomicInteger();
        AtomicInteger refusedSaves = new AtomicInteger();
        Instant end = Instant.now().plus(Duration.ofSeconds(15));
        int clients = 8;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Integer>> workers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String session = api.login(c % 2 == 0 ? "carol" : "alice", "storm-" + c).token();
            int seed = c;
            workers.add(pool.submit(() -> {
                int cycles = 0;
                while (Instant.now().isBefore(end) && cycles < 5000) {
                    String doc = docs.get((seed + cycles++) % docs.size());
                    Reply lock = api.post("locks/document/" + doc, session, null);
                    if (lock.status() != 201) {
                        continue;
                    }
                    String token = lock.json().getString("lockToken");
                    if (!fences.get(doc).add(lock.json().getJsonNumber("fence").longValue())) {
                        duplicateFences.incrementAndGet();
                    }
                    long version = api.get("app/documents/" + doc, session).json().getJsonNumber("version").longValue();
                    String body = Json.createObjectBuilder().add("title", "storm").add("body", "c" + seed)
                            .add("version", version).build().toString();
                    Reply saved = api.send(api.request("app/documents/" + doc, session, token)
                            .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
                    if (saved.status() == 200) {
                        saves.get(doc).incrementAndGet();
                    } else {
                        refusedSaves.incrementAndGet();
                    }
                    api.send(api.request("locks/document/" + doc, session, token).DELETE());
                }
                return cycles;
            }));
        }
        int cycles = 0;
        for (Future<Integer> worker : workers) {
            cycles += worker.get(90, TimeUnit.SECONDS);
        }
        pool.shutdownNow();

        String admin = api.login("admin", "web").token();
        int totalSaves = 0;
        for (String doc : docs) {
            long version = api.get("app/documents/" + doc, admin).json().getJsonNumber("version").longValue();
            assertEquals(startVersions.get(doc) + saves.get(doc).get(), version, "lost updates on " + doc);
            totalSaves += saves.get(doc).get();
        }
        System.out.printf("[figure] lock storm: %d clients, 15 s, %d cycles, %d saves, %d refused saves, "
                + "%d duplicate fences%n", clients, cycles, totalSaves, refusedSaves.get(), duplicateFences.get());
        assertEquals(0, duplicateFences.get(), "two holders got the same fence");
        assertEquals(0, refusedSaves.get(), "a holder's save was refused");
        assertTrue(totalSaves > 0);
    }
}
