package dev.kickout.bench;

import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.push.HeapProbe;
import dev.kickout.it.push.Latency;
import dev.kickout.it.support.TestRedis;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The HTTP benchmark, driven by wrk on one WildFly (instance a, {@code -Xmx1g} under -Pbench) and one
 * Redis, in one run:
 * <ul>
 * <li>the same no-op JAX-RS endpoint ({@link NoopResource}) outside the token filter's scope ({@code /open}),
 * behind it with a valid bearer token ({@code /guarded}), and in a host WAR without and with the module jar
 * (outside its scope): warm-up, then alternating rounds, each printed, with the median ratios. Each compared
 * pair (unfiltered and cache on; the host WAR without and with the module) runs back to back, the pairs take
 * turns to go first and their sides swap every other round; each window starts after a full collection on the
 * server, so none pays for the garbage of the one before;</li>
 * <li>Redis commands per filtered request, and how many of them are clients' calls;</li>
 * <li>edit lock traffic (lock-cycle.lua: acquire, heartbeats, release) beside the no-op at the same wrk shape,
 * alternating, lock operations per second and their median ratio to the no-op's requests;</li>
 * <li>cross-instance revocation (kick on a, the token refused on b), p50/p99;</li>
 * <li>event streams held with the server's heap used, and one event to all of them (up to 50,000 streams, from
 * several loopback source addresses, within both processes' open-files limits);</li>
 * <li>Redis memory per session at 1 and at 50 sessions per user.</li>
 * </ul>
 * System properties: {@code kickout.bench.round-seconds} (15), {@code kickout.bench.rounds} (7 alternations: up
 * to three disturbed rounds cannot decide the median; single rounds varied from 0.6 to 1.1 on two shared cores), {@code kickout.bench.warmup-seconds} (20 per target: on two
 * cores the JIT compilers still take CPU from the first rounds after 10 s),
 * {@code kickout.bench.revocations} (100), {@code kickout.bench.streams} (1,000, at most 50,000; the server's heap
 * for many: {@code -Dkickout.bench.jvm="-Xms2g -Xmx2g"}), {@code kickout.bench.streams-per-connection} (1: HTTP/1.1, a
 * connection each; more: that many on each HTTP/2 connection, for more streams than the open-files limit allows),
 * {@code kickout.bench.broadcasts} (5, after {@code kickout.bench.broadcast-warmups}, 2),
 * {@code kickout.bench.lock-heartbeats} (3 per lock cycle), {@code kickout.bench.only} (e.g. {@code locks,streams}:
 * only those measurements; all when unset).
 * Prints {@code [figure]} lines only; asserts nothing about speed, but fails when a load saw errors
 * (a rate of 401s would be no figure).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WrkBench {

    /** The near cache's on/off setting: on (its default) in the bench WARs, off in {@code wrk-nocache}. */
    static final String NEAR_CACHE_SETTING = "kickout.session.near-cache";

    static final int ROUND_SECONDS = Integer.getInteger("kickout.bench.round-seconds", 15);
    static final int ROUNDS = Integer.getInteger("kickout.bench.rounds", 7);
    static final int WARMUP_SECONDS = Integer.getInteger("kickout.bench.warmup-seconds", 20);
    static final int REVOCATIONS = Integer.getInteger("kickout.bench.revocations", 100);
    static final int STREAMS = Math.min(50_000, Integer.getInteger("kickout.bench.streams", 1000));
    /** The client's streams per loopback source address (127.0.0.1, .2, ...), well inside the ephemeral port range. */
    static final int STREAMS_PER_ADDRESS = 10_000;
    /**
     * Streams per connection: 1, each stream on an HTTP/1.1 connection of its own ({@link RawStreams}); more, that
     * many multiplexed on each HTTP/2 connection ({@link Http2Streams}), for more streams than open files.
     */
    static final int STREAMS_PER_CONNECTION = Math.max(1, Integer.getInteger("kickout.bench.streams-per-connection", 1));
    /** Heartbeats per lock cycle of lock-cycle.lua. */
    static final int LOCK_HEARTBEATS = Integer.getInteger("kickout.bench.lock-heartbeats", 3);
    /**
     * One event to all streams, this many times, after as many unmeasured: the first broadcasts after the server
     * started run its delivery code while the JIT compiles it (a server that has been up delivers events all the
     * time, to few streams each, through the same per-stream code).
     */
    static final int BROADCASTS = Integer.getInteger("kickout.bench.broadcasts", 5);
    static final int BROADCAST_WARMUPS = Integer.getInteger("kickout.bench.broadcast-warmups", 2);
    /** Descriptors left free on each side of the streams (the server's deployments and Redis connections, the client's jars). */
    static final int FILES_SPARE = 500;
    /** The measurements to run (names of {@link #only}); empty: all. */
    static final List<String> ONLY = System.getProperty("kickout.bench.only", "").isBlank() ? List.of()
            : List.of(System.getProperty("kickout.bench.only").trim().split("\\s*,\\s*"));
    /** 2 wrk threads x 16 connections. */
    static final int THREADS = 2;
    static final int CONNECTIONS = 16;
    /** Lock cycles need one connection per wrk thread (lock-cycle.lua), so they run 16 x 16. */
    static final int LOCK_THREADS = 16;
    static final int MEMORY_SESSIONS = 5000;

    private static final Map<String, String> SETTINGS = Map.of("kickout.login.policy", "MULTI",
            "kickout.filter.include", "/api/*,/guarded/*", "kickout.cleanup.interval", "PT1H",
            "kickout.sse.max-streams-per-session", "100000", "kickout.sse.max-streams-per-user", "100000",
            "kickout.sse.max-streams", "100000", "kickout.sse.keepalive", "PT1H",
            "kickout.lock.force-release-grace", "PT0S");

    static String filteredToken;
    /** An admin's token on instance a, for its heap probe (a full collection before each measured window). */
    static String adminToken;

    @Deployment(name = "wrk", testable = false)
    @TargetsContainer("a")
    static WebArchive onA() {
        return benchWar("wrk.war", Map.of(NEAR_CACHE_SETTING, "true"));
    }

    @Deployment(name = "wrk-b", testable = false)
    @TargetsContainer("b")
    static WebArchive onB() {
        return onA();
    }

    /** The same WAR with the near cache off, deployed by the tests that compare. */
    @Deployment(name = "wrk-nocache", testable = false, managed = false)
    @TargetsContainer("a")
    static WebArchive cacheOff() {
        return benchWar("wrk-nocache.war", Map.of(NEAR_CACHE_SETTING, "false"));
    }

    @Deployment(name = "plain", testable = false)
    @TargetsContainer("a")
    static WebArchive plainHost() {
        return host("plain.war");
    }

    @Deployment(name = "module", testable = false)
    @TargetsContainer("a")
    static WebArchive hostWithModule() {
        WebArchive host = host("module.war")
                .addAsLibrary(ShrinkWrap.create(ZipImporter.class, "kickout-module.jar")
                        .importFrom(new File("target/kickout.jar")).as(JavaArchive.class))
                .addAsResource(new StringAsset("kickout.key-prefix=wrkhost\n"), "META-INF/microprofile-config.properties");
        Deployments.referenceWar().getContent().forEach((path, node) -> {
            if (path.get().startsWith("/WEB-INF/lib/") && node.getAsset() != null) {
                host.add(node.getAsset(), path);
            }
        });
        return host;
    }

    private static WebArchive benchWar(String name, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.putAll(extra);
        return Deployments.referenceWar(name, settings).addClasses(NoopResource.class, OpenNoopApplication.class,
                GuardedNoopApplication.class, RedisReadResource.class, SessionFill.class, HeapProbe.class);
    }

    /** The same host WAR with and without the module: the no-op at /open, CDI in annotated mode. */
    private static WebArchive host(String name) {
        return ShrinkWrap.create(WebArchive.class, name).addClasses(NoopResource.class, OpenNoopApplication.class)
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml");
    }

    @ArquillianResource
    @OperateOnDeployment("wrk")
    URL base;

    @ArquillianResource
    @OperateOnDeployment("wrk-b")
    URL baseB;

    @ArquillianResource
    @OperateOnDeployment("plain")
    URL plain;

    @ArquillianResource
    @OperateOnDeployment("module")
    URL module;

    @ArquillianResource
    Deployer deployer;

    @Test
    @Order(1)
    void machine() {
        Wrk.requireOnPath();
        System.out.printf("[figure] machine: %d cores (availableProcessors), load average %s; wrk %d threads x %d "
                        + "connections, %d s rounds, %d alternations%n", Runtime.getRuntime().availableProcessors(),
                loadAverage(), THREADS, CONNECTIONS, ROUND_SECONDS, ROUNDS);
        filteredToken = new Api(base).login("alice", "wrk").token();
        adminToken = new Api(base).login("admin", "wrk").token();
    }

    @Test
    @Order(2)
    void noopRounds() {
        only("noop");
        Map<String, String> targets = new LinkedHashMap<>();
        targets.put("plain host WAR", noop(plain, "open"));
        targets.put("host WAR + module (unguarded)", noop(module, "open"));
        targets.put("unfiltered", noop(base, "open"));
        deployer.deploy("wrk-nocache");
        targets.put("filtered", noop(noCache(), "guarded"));
        targets.put("filtered, cache on", noop(base, "guarded"));
        targets.forEach((name, url) -> load(name, url, WARMUP_SECONDS));
        // each compared pair runs back to back, so that its ratio sees the same machine; the groups take turns
        // to go first and each pair's sides swap every other round, so no side always runs first or after the same
        List<List<String>> groups = new ArrayList<>(List.of(
                List.of("plain host WAR", "host WAR + module (unguarded)"),
                List.of("unfiltered", "filtered, cache on"),
                List.of("filtered")));
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        ProcessHandle server = serverProcess(base);
        List<Double> filteredRatios = new ArrayList<>();
        List<Double> cacheRatios = new ArrayList<>();
        List<Double> moduleRatios = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            Map<String, Double> rate = new LinkedHashMap<>();
            Map<String, Double> cpuPerRequest = new LinkedHashMap<>();
            List<String> names = new ArrayList<>();
            for (List<String> group : groups) {
                List<String> sides = new ArrayList<>(group);
                if (round % 2 == 0) {
                    Collections.reverse(sides);
                }
                names.addAll(sides);
            }
            for (String name : names) {
                // every window starts from a collected heap: no target pays for the garbage of the one before
                // (the cache-off target makes the most)
                collectGarbage();
                long cpuBefore = cpuNanos(server);
                record(server, "start", name, round);
                Wrk.Result result = load(name, targets.get(name), ROUND_SECONDS);
                record(server, "stop", name, round);
                rate.put(name, result.rate());
                cpuPerRequest.put(name, (cpuNanos(server) - cpuBefore) / 1000.0 / result.requests());
            }
            groups.add(groups.remove(0));
            rate.forEach((name, r) -> rates.computeIfAbsent(name, n -> new ArrayList<>()).add(r));
            cpuPerRequest.forEach((name, c) -> cpu.computeIfAbsent(name, n -> new ArrayList<>()).add(c));
            filteredRatios.add(rate.get("filtered") / rate.get("unfiltered"));
            moduleRatios.add(rate.get("host WAR + module (unguarded)") / rate.get("plain host WAR"));
            if (rate.containsKey("filtered, cache on")) {
                cacheRatios.add(rate.get("filtered, cache on") / rate.get("unfiltered"));
            }
            StringBuilder line = new StringBuilder("[figure] round " + round + ":");
            rate.forEach((name, r) -> line.append(server == null ? String.format(" %s %.0f req/s;", name, r)
                    : String.format(" %s %.0f req/s (server CPU %.1f us a request);", name, r, cpuPerRequest.get(name))));
            System.out.println(line.append(String.format(" filtered/unfiltered %.2f, module/plain %.2f",
                    filteredRatios.get(round - 1), moduleRatios.get(round - 1))));
        }
        double unfilteredRate = median(rates.get("unfiltered"));
        double filteredRate = median(rates.get("filtered"));
        System.out.printf("[figure] no-op medians over %d rounds: unfiltered %.0f req/s, filtered (cache off) %.0f req/s; "
                + "median ratio filtered/unfiltered %.2f (goal with the near cache: >= 0.85)%n", ROUNDS, unfilteredRate,
                filteredRate, median(filteredRatios));
        System.out.printf("[figure] cache on: filtered %.0f req/s, median ratio to unfiltered %.2f (goal: >= 0.85)%n",
                median(rates.get("filtered, cache on")), median(cacheRatios));
        double overhead = 1 - median(moduleRatios);
        System.out.printf("[figure] module on requests it does not guard: plain host WAR %.0f req/s, with the module jar "
                + "%.0f req/s; median ratio %.2f, overhead %.0f %% (goal: <= 5 %%)%n", median(rates.get("plain host WAR")),
                median(rates.get("host WAR + module (unguarded)")), median(moduleRatios), 100 * overhead);
        if (server != null) {
            double unfilteredCpu = median(cpu.get("unfiltered"));
            double cacheCpu = median(cpu.get("filtered, cache on"));
            double plainCpu = median(cpu.get("plain host WAR"));
            double moduleCpu = median(cpu.get("host WAR + module (unguarded)"));
            System.out.printf("[figure] server CPU per request (the WildFly process's CPU time over each window / its "
                    + "requests; median of %d rounds, less sensitive to the rest of the machine than the rates): "
                    + "unfiltered %.1f us, filtered with the cache on %.1f us (%+.1f us, ratio %.2f), with the cache off "
                    + "%.1f us; plain host WAR %.1f us, with the module jar %.1f us (ratio %.2f)%n", ROUNDS, unfilteredCpu,
                    cacheCpu, cacheCpu - unfilteredCpu, unfilteredCpu / cacheCpu, median(cpu.get("filtered")), plainCpu,
                    moduleCpu, plainCpu / moduleCpu);
        }
        System.out.printf("[figure] load average after the rounds: %s%n", loadAverage());
        deployer.undeploy("wrk-nocache");
    }

    private URI noCache() {
        return URI.create(base.toString()).resolve("../wrk-nocache/");
    }

    @Test
    @Order(3)
    void redisCommandsPerFilteredRequest() throws Exception {
        only("redis");
        deployer.deploy("wrk-nocache");
        try {
            countRedis("cache off", noop(noCache(), "guarded"));
        } finally {
            deployer.undeploy("wrk-nocache");
        }
        countRedis("cache on", noop(base, "guarded"));
    }

    private void countRedis(String label, String url) throws Exception {
        int seconds = Math.min(ROUND_SECONDS, 5);
        int port = TestRedis.port();
        Map<String, Long> all;
        Wrk.Result result;
        long scriptCommands;
        Map<String, Long> clientCalls;
        try (RedisWire redis = new RedisWire(port)) {
            redis.call("CONFIG", "RESETSTAT");
            try (RedisWire.Monitor monitor = new RedisWire.Monitor(port)) {
                result = load("filtered, counted, " + label, url, seconds);
                scriptCommands = monitor.scriptCommands();
                clientCalls = monitor.clientCalls();
            }
            all = redis.commandCalls();
        }
        all.keySet().removeIf(name -> name.startsWith("config") || name.equals("info") || name.equals("monitor"));
        long commands = all.values().stream().mapToLong(Long::longValue).sum();
        long calls = clientCalls.values().stream().mapToLong(Long::longValue).sum();
        double requests = result.requests();
        StringBuilder byCommand = new StringBuilder();
        all.forEach((name, count) -> byCommand.append(String.format(" %s %.4f", name, count / requests)));
        StringBuilder byCall = new StringBuilder();
        clientCalls.forEach((name, count) -> byCall.append(String.format(" %s %.4f", name, count / requests)));
        System.out.printf("[figure] Redis per filtered request, %s (%d requests in %d s, everything Redis did in that"
                        + " time counted, the instances' heartbeats and timers too, MONITOR on): %.4f commands (INFO"
                        + " commandstats:%s); %.4f client calls, an upper bound of round trips (MONITOR:%s), and %.4f"
                        + " commands inside scripts (goal with the near cache: <= 0.05 round trips)%n", label,
                result.requests(), seconds, commands / requests, byCommand, calls / requests, byCall,
                scriptCommands / requests);
    }

    /**
     * Edit lock traffic over HTTP beside the no-op: wrk with {@code lock-cycle.lua} (per connection: acquire,
     * {@link #LOCK_HEARTBEATS} heartbeats, release, again) and the filtered no-op (near cache on: the lock
     * requests pass the same filter) at the same shape, {@link #LOCK_THREADS} threads of one connection each.
     * Warm-up, then {@link #ROUNDS} rounds, the loads back to back, their order reversed every other round, each window
     * after a full collection on the server. Every request of a cycle (acquire, heartbeat, release) counts as one
     * lock operation; prints each round and the median of the round ratios lock operations / no-op requests
     * (goal: >= 0.7), with the server's CPU time per request. A third load at the same shape, the filtered
     * {@link RedisReadResource} (one Redis round trip and nothing else), shows the floor under any request
     * that must wait on Redis.
     */
    @Test
    @Order(4)
    void lockCycles() throws InterruptedException {
        only("locks");
        URI locks = URI.create(base.toString()).resolve("api/locks/bench/");
        Map<String, Wrk.Load> loads = new LinkedHashMap<>();
        loads.put("lock operations", new Wrk.Load(LOCK_THREADS, LOCK_THREADS, ROUND_SECONDS, locks.toString(),
                List.of(), "lock-cycle", List.of(filteredToken, locks.getPath(), "wrk", Integer.toString(LOCK_HEARTBEATS))));
        loads.put("no-op", Wrk.Load.of(LOCK_THREADS, LOCK_THREADS, ROUND_SECONDS, noop(base, "guarded"),
                "Authorization: Bearer " + filteredToken));
        loads.put("one Redis read", Wrk.Load.of(LOCK_THREADS, LOCK_THREADS, ROUND_SECONDS,
                URI.create(base.toString()).resolve("guarded/bench/redis").toString(), "Authorization: Bearer " + filteredToken));
        loads.forEach((name, load) -> checked(name + " (warm-up)", Wrk.run(new Wrk.Load(load.threads(),
                load.connections(), WARMUP_SECONDS, load.url(), load.headers(), load.script(), load.scriptArgs()))));
        ProcessHandle server = serverProcess(base);
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> readRatios = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            List<String> names = new ArrayList<>(loads.keySet());
            if (round % 2 == 0) {
                Collections.reverse(names);
            }
            Map<String, Double> rate = new LinkedHashMap<>();
            Map<String, Double> cpuPerRequest = new LinkedHashMap<>();
            for (String name : names) {
                collectGarbage();
                long cpuBefore = cpuNanos(server);
                record(server, "start", name, round);
                Wrk.Result result = checked(name, Wrk.run(loads.get(name)));
                record(server, "stop", name, round);
                rate.put(name, result.rate());
                cpuPerRequest.put(name, (cpuNanos(server) - cpuBefore) / 1000.0 / result.requests());
            }
            rate.forEach((name, r) -> rates.computeIfAbsent(name, n -> new ArrayList<>()).add(r));
            cpuPerRequest.forEach((name, c) -> cpu.computeIfAbsent(name, n -> new ArrayList<>()).add(c));
            double ratio = rate.get("lock operations") / rate.get("no-op");
            ratios.add(ratio);
            readRatios.add(rate.get("one Redis read") / rate.get("no-op"));
            System.out.printf("[figure] lock round %d: lock operations %.0f/s (server CPU %.1f us each), filtered no-op "
                            + "%.0f req/s (%.1f us), one Redis read %.0f req/s (%.1f us); ratio %.2f, one Redis read to "
                            + "no-op %.2f%n", round, rate.get("lock operations"), cpuPerRequest.get("lock operations"),
                    rate.get("no-op"), cpuPerRequest.get("no-op"), rate.get("one Redis read"),
                    cpuPerRequest.get("one Redis read"), ratio, readRatios.get(readRatios.size() - 1));
        }
        double operations = median(rates.get("lock operations"));
        System.out.printf("[figure] edit lock traffic over HTTP (wrk with lock-cycle.lua: acquire, %d heartbeats, release"
                        + " per cycle; %d threads x 1 connection, %d s rounds, medians of %d): %.0f lock operations/s "
                        + "(%.0f cycles/s), filtered no-op (near cache on) at the same shape %.0f req/s; median ratio "
                        + "%.2f (goal: >= 0.7); server CPU per lock operation %.1f us, per no-op %.1f us%n",
                LOCK_HEARTBEATS, LOCK_THREADS, ROUND_SECONDS, ROUNDS, operations, operations / (LOCK_HEARTBEATS + 2),
                median(rates.get("no-op")), median(ratios), median(cpu.get("lock operations")), median(cpu.get("no-op")));
        System.out.printf("[figure] the floor of a request that waits on Redis once: filtered GET of one key through the"
                        + " module's Redisson client %.0f req/s, median ratio to the no-op %.2f; server CPU per request"
                        + " %.1f us; lock operations to it %.2f%n", median(rates.get("one Redis read")), median(readRatios),
                median(cpu.get("one Redis read")), median(rates.get("lock operations")) / median(rates.get("one Redis read")));
        lockRedisCalls(loads.get("lock operations"));
    }

    /**
     * Redis per lock operation: the lock cycles once more for at most 5 s with {@code MONITOR} on, client calls
     * (an upper bound of round trips: a pipelined batch shows each of its commands), EVALSHA calls by script, and
     * commands run inside scripts.
     */
    private static void lockRedisCalls(Wrk.Load cycles) throws InterruptedException {
        int seconds = Math.min(ROUND_SECONDS, 5);
        Wrk.Result result;
        long scriptCommands;
        Map<String, Long> clientCalls;
        Map<String, Long> evalShaCalls;
        try (RedisWire.Monitor monitor = new RedisWire.Monitor(TestRedis.port())) {
            result = checked("lock operations, counted", Wrk.run(new Wrk.Load(cycles.threads(), cycles.connections(),
                    seconds, cycles.url(), cycles.headers(), cycles.script(), cycles.scriptArgs())));
            scriptCommands = monitor.scriptCommands();
            clientCalls = monitor.clientCalls();
            evalShaCalls = monitor.evalShaCalls();
        }
        double operations = result.requests();
        Map<String, String> scripts = new HashMap<>();
        for (Script script : Script.values()) {
            scripts.put(script.sha(), script.toString());
        }
        StringBuilder byScript = new StringBuilder();
        evalShaCalls.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .filter(entry -> entry.getValue() / operations >= 0.01)
                .forEach(entry -> byScript.append(String.format(" %s %.2f",
                        scripts.getOrDefault(entry.getKey(), entry.getKey()), entry.getValue() / operations)));
        long calls = clientCalls.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder byCall = new StringBuilder();
        clientCalls.forEach((name, count) -> byCall.append(String.format(" %s %.2f", name, count / operations)));
        System.out.printf("[figure] Redis per lock operation (%d operations in %d s, MONITOR on, everything Redis did "
                        + "in that time counted): %.2f client calls (%s; EVALSHA by script, 0.01 and more:%s), %.2f "
                        + "commands inside scripts%n", result.requests(), seconds, calls / operations,
                byCall.toString().trim(), byScript, scriptCommands / operations);
    }

    @Test
    @Order(5)
    void revocationAcrossInstances() {
        only("revocation");
        Api a = new Api(base);
        Api guardedB = new Api(URI.create(baseB.toString()).resolve("guarded/"));
        String admin = a.login("admin", "wrk").token();
        List<Long> fromReturn = new ArrayList<>();
        List<Long> fromSend = new ArrayList<>();
        int servedInWindow = 0;
        int servedAfterRefusal = 0;
        int neverRefused = 0;
        for (int i = 0; i < REVOCATIONS; i++) {
            Login victim = a.login("carol", "revoke");
            int served = guardedB.get("bench/noop", victim.token()).status();
            if (served != 200) {
                throw new AssertionError("the new session's token got " + served + " on b before the kick");
            }
            long sent = System.nanoTime();
            a.delete("admin/sessions/" + victim.sessionId(), admin).assertOk(200);
            long returned = System.nanoTime();
            long deadline = returned + Duration.ofSeconds(5).toNanos();
            long refused = 0;
            while (refused == 0 && System.nanoTime() < deadline) {
                int status = guardedB.get("bench/noop", victim.token()).status();
                if (status == 401) {
                    refused = System.nanoTime();
                } else {
                    servedInWindow++;
                }
            }
            if (refused == 0) {
                neverRefused++;
            } else {
                // once refused, refused for good: a late fill or message must not bring the session back
                for (int again = 0; again < 3; again++) {
                    servedAfterRefusal += guardedB.get("bench/noop", victim.token()).status() == 401 ? 0 : 1;
                }
                fromReturn.add((refused - returned) / 1000);
                fromSend.add((refused - sent) / 1000);
            }
        }
        System.out.printf("[figure] revocation across instances (kick on a, the token polled on b until 401), %d kicks: %s;"
                        + " polls answered other than 401 between the kick's return and the first 401 (the window measured): %d;"
                        + " served again after a 401 (3 polls each): %d; never refused within 5 s: %d%n",
                REVOCATIONS, fromReturn.isEmpty() ? "none refused" : Latency.describe(fromReturn, fromSend), servedInWindow,
                servedAfterRefusal, neverRefused);
        if (servedAfterRefusal > 0) {
            throw new AssertionError(servedAfterRefusal + " polls were answered other than 401 after the token's first 401");
        }
    }

    /**
     * Event streams on one WildFly: {@link #STREAMS} held, the server's heap used after a full collection without
     * and with them (per stream), and one event to all of them, {@link #BROADCASTS} times after
     * {@link #BROADCAST_WARMUPS} unmeasured (all printed), with the server's CPU time by thread pool meanwhile
     * ({@link ThreadCpu}) and the client reader's: an admin's forced release
     * of a lock held by the streams' session, timed from the admin's request to the last stream that showed it.
     * Each stream on a connection of its own from loopback source addresses, {@link #STREAMS_PER_ADDRESS} each; or, with
     * {@link #STREAMS_PER_CONNECTION} above 1, that many on each HTTP/2 connection. The count stops early at the
     * open-files limit ({@code ulimit -n}) of the server or of this JVM, both printed, or at the server's first
     * refusal. The server's heap is {@code -Xmx1g} under -Pbench; {@code -Dkickout.bench.jvm=-Xmx2g}
     * gives it more (the later option wins).
     */
    @Test
    @Order(6)
    void streamsAndHeap() throws Exception {
        only("streams");
        Api api = new Api(base);
        String admin = api.login("admin", "heap").token();
        Login holder = api.login("alice", "streams");
        ProcessHandle server = serverProcess(base);
        OpenFiles serverFiles = server == null ? null : OpenFiles.of(server.pid());
        OpenFiles clientFiles = OpenFiles.of(ProcessHandle.current().pid());
        int room = Math.min(serverFiles == null ? Integer.MAX_VALUE : serverFiles.room(), clientFiles.room());
        int count = (int) Math.min(STREAMS, (long) (room - FILES_SPARE) * STREAMS_PER_CONNECTION);
        boolean h2 = STREAMS_PER_CONNECTION > 1;
        System.out.printf("[figure] event streams: open files (ulimit -n) of the server %s, of this test JVM %s; %,d "
                        + "streams asked, %,d opened at most (%d spare descriptors each side), %s%n",
                serverFiles == null ? "unknown (process not found)" : serverFiles, clientFiles, STREAMS, count, FILES_SPARE,
                h2 ? String.format("%,d on each of %,d HTTP/2 connections (h2c)", STREAMS_PER_CONNECTION,
                        (count + STREAMS_PER_CONNECTION - 1) / STREAMS_PER_CONNECTION)
                        : String.format("each on an HTTP/1.1 connection of its own, from %d loopback address(es), %,d each",
                        RawStreams.addresses(count, STREAMS_PER_ADDRESS), STREAMS_PER_ADDRESS));
        long before = heapUsed(api, admin);
        long maxHeap = api.get("app/it/heap", admin).assertOk(200).getJsonNumber("max").longValue();
        try (EventStreams streams = h2
                ? Http2Streams.open(api.uri("events"), holder.token(), count, STREAMS_PER_CONNECTION, "STREAM_OPEN",
                        Duration.ofSeconds(120))
                : RawStreams.open(api.uri("events"), holder.token(), count, STREAMS_PER_ADDRESS, "STREAM_OPEN",
                        Duration.ofSeconds(120))) {
            String refusal = streams.refusal();
            String stop = refusal != null ? refusal : count < STREAMS ? "the open files limit"
                    : "the benchmark's count";
            long after = heapUsed(api, admin);
            int held = streams.held();
            System.out.printf("[figure] event streams: %,d held on one WildFly (max heap %d MiB; stopped by %s), server "
                            + "heap used after GC %d MiB with none, %d MiB with them (%.1f KiB per stream)%n", held,
                    maxHeap >> 20, stop, before >> 20, after >> 20, (after - before) / 1024.0 / Math.max(1, held));
            List<Double> times = new ArrayList<>();
            // one recording over all broadcasts: one alone is too short for enough samples
            record(server, "start", "broadcasts", held);
            for (int broadcast = 1 - BROADCAST_WARMUPS; broadcast <= BROADCASTS; broadcast++) {
                api.post("locks/order/wrk-broadcast", holder.token(), null).assertOk(201);
                streams.expect("EDIT_LOCK_RELEASED");
                ThreadCpu serverBefore = server == null ? null : ThreadCpu.of(server.pid());
                long readerBefore = readerCpuNanos(h2);
                long start = System.nanoTime();
                api.post("admin/locks/order/wrk-broadcast/release", admin, "{\"reason\":\"broadcast\"}").assertOk(200);
                long[] arrivals = streams.awaitAll(Duration.ofSeconds(60));
                long readerCpu = readerCpuNanos(h2) - readerBefore;
                String serverCpu = server == null ? "unknown" : ThreadCpu.of(server.pid()).describeSince(serverBefore, 4);
                List<Long> reached = new ArrayList<>();
                for (long arrival : arrivals) {
                    if (arrival != 0) {
                        reached.add(arrival - start);
                    }
                }
                reached.sort(null);
                double last = reached.isEmpty() ? 0 : reached.get(reached.size() - 1) / 1e6;
                if (broadcast > 0) {
                    times.add(last);
                }
                if (streams.refusal() != null) {
                    System.out.printf("[figure] event streams: %,d held now; first loss: %s%n", streams.held(),
                            streams.refusal());
                }
                System.out.printf("[figure] event streams: broadcast %s: one event reached %,d of %,d streams; first after"
                                + " %.1f ms, half after %.1f ms, the last after %.1f ms (from the admin's request); CPU "
                                + "meanwhile: the server %s (by thread pool), the client's %s reading them %.0f ms; load "
                                + "average %s%n", broadcast > 0 ? Integer.toString(broadcast)
                                : "warm-up " + (broadcast + BROADCAST_WARMUPS), reached.size(), held,
                        reached.isEmpty() ? 0 : reached.get(0) / 1e6,
                        reached.isEmpty() ? 0 : reached.get(reached.size() / 2) / 1e6, last, serverCpu,
                        h2 ? "whole JVM" : "one selector thread", readerCpu / 1e6,
                        loadAverage());
            }
            record(server, "stop", "broadcasts", held);
            System.out.printf("[figure] event streams: %,d on one WildFly (max heap %d MiB), %.1f KiB heap per stream; one "
                            + "event to all in %.1f ms (median of %d broadcasts after %d warm-up; goal at 10,000: "
                            + "<= 500 ms)%n", held, maxHeap >> 20, (after - before) / 1024.0 / Math.max(1, held),
                    median(times), BROADCASTS, BROADCAST_WARMUPS);
        }
    }

    /** A process's open-files limit (soft, from {@code /proc/<pid>/limits}) and the descriptors it has open now. */
    record OpenFiles(long limit, int open) {

        static OpenFiles of(long pid) throws IOException {
            long limit = Long.MAX_VALUE;
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    limit = soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                return new OpenFiles(limit, (int) fds.count());
            }
        }

        /** Descriptors left. */
        int room() {
            return (int) Math.min(Integer.MAX_VALUE, limit - open);
        }

        @Override
        public String toString() {
            return String.format("%,d, %,d open", limit, open);
        }
    }

    /** A common desktop browser's user agent, for the memory figure of a session as browsers open them. */
    private static final String BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/131.0.0.0 Safari/537.36";

    @Test
    @Order(7)
    void memoryPerSession() {
        only("memory");
        Api api = new Api(base);
        String token = api.login("admin", "memory").token();
        long mark = RedisMemoryBench.usedMemory();
        fill(api, token, "wrk-one", MEMORY_SESSIONS, 1, "");
        long afterOne = RedisMemoryBench.usedMemory();
        fill(api, token, "wrk-fifty", MEMORY_SESSIONS / 50, 50, "");
        long afterFifty = RedisMemoryBench.usedMemory();
        fill(api, token, "wrk-browser", MEMORY_SESSIONS, 1,
                "&userAgent=" + URLEncoder.encode(BROWSER, StandardCharsets.UTF_8).replace("+", "%20"));
        long afterBrowser = RedisMemoryBench.usedMemory();
        System.out.printf("[figure] Redis memory per session with its indexes (INFO used_memory delta, as RedisMemoryBench):"
                        + " %d bytes at 1 per user (%,d users), %d bytes at 50 per user (%d users) (goal: <= 600);"
                        + " with a %d-character browser user agent instead of bench/1.0, %d bytes at 1 per user%n",
                (afterOne - mark) / MEMORY_SESSIONS, MEMORY_SESSIONS, (afterFifty - afterOne) / MEMORY_SESSIONS,
                MEMORY_SESSIONS / 50, BROWSER.length(), (afterBrowser - afterFifty) / MEMORY_SESSIONS);
    }

    private static void fill(Api api, String token, String prefix, int users, int perUser, String query) {
        int step = SessionFill.MAX_PER_CALL / perUser;
        for (int from = 0; from < users; from += step) {
            int to = Math.min(users, from + step);
            int opened = api.post("app/bench/sessions?prefix=" + prefix + "&from=" + from + "&to=" + to + "&perUser="
                    + perUser + query, token, null).assertOk(200).getInt("opened");
            if (opened != (to - from) * perUser) {
                throw new AssertionError("opened " + opened + " sessions, not " + (to - from) * perUser);
            }
        }
    }

    /**
     * Skips the calling measurement unless {@code -Dkickout.bench.only} is unset or names it: {@code noop},
     * {@code redis}, {@code locks}, {@code revocation}, {@code streams}, {@code memory}.
     */
    private static void only(String measurement) {
        Assumptions.assumeTrue(ONLY.isEmpty() || ONLY.contains(measurement),
                () -> measurement + " not in -Dkickout.bench.only=" + String.join(",", ONLY));
    }

    /** A full collection on instance a (its heap probe), between windows of load. */
    private void collectGarbage() {
        new Api(base).get("app/it/heap", adminToken).assertOk(200);
    }

    /** The least of three readings after a full collection each, as StreamCapsIT reads it. */
    private static long heapUsed(Api api, String admin) {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            least = Math.min(least, api.get("app/it/heap", admin).assertOk(200).getJsonNumber("used").longValue());
        }
        return least;
    }

    private static Wrk.Result load(String name, String url, int seconds) {
        String[] headers = url.contains("/guarded/") ? new String[] {"Authorization: Bearer " + filteredToken}
                : new String[0];
        return checked(name, Wrk.run(Wrk.Load.of(THREADS, CONNECTIONS, seconds, url, headers)));
    }

    private static Wrk.Result checked(String name, Wrk.Result result) {
        if (result.errors() > 0 || result.requests() == 0) {
            throw new AssertionError(name + ": wrk saw " + result.errors() + " errors in " + result.requests()
                    + " requests: no figure");
        }
        return result;
    }

    private static String noop(Object contextRoot, String application) {
        return URI.create(contextRoot.toString()).resolve(application + "/bench/noop").toString();
    }

    /** Instance a's WildFly process (its port offset is its HTTP port's distance from 8080); null if not found. */
    private static ProcessHandle serverProcess(URL instance) {
        String offset = "-Djboss.socket.binding.port-offset=" + (instance.getPort() - 8080) + " ";
        return ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine()
                        .map(line -> line.contains("-D[Standalone]") && (line + " ").contains(offset)).orElse(false))
                .findFirst().orElse(null);
    }

    /**
     * With {@code -Dkickout.bench.profile=<dir>}: a flight recording of the server over one measured window
     * ({@code jcmd <pid> JFR.start}, then {@code JFR.stop} into {@code <dir>/<target>-<round>.jfr}), so that two
     * targets' profiles can be compared window by window (deep stacks: {@code -Dkickout.bench.jvm=
     * -XX:FlightRecorderOptions:stackdepth=256}); the broadcasts to the streams go into one recording,
     * {@code <dir>/broadcasts-<streams>.jfr}. Nothing without the property.
     */
    private static void record(ProcessHandle server, String action, String target, int round) {
        String dir = System.getProperty("kickout.bench.profile", "");
        if (dir.isEmpty() || server == null) {
            return;
        }
        String file = Path.of(dir, target.replaceAll("[^A-Za-z0-9]+", "-") + "-" + round + ".jfr").toString();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(server.pid()), "JFR." + action, "name=window"));
        command.addAll(action.equals("start") ? List.of("settings=profile") : List.of("filename=" + file));
        try {
            Process jcmd = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(jcmd.getInputStream().readAllBytes());
            if (jcmd.waitFor() != 0) {
                throw new IllegalStateException("jcmd " + action + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The CPU time the streams' reader used so far: this thread's (one selector reads HTTP/1.1 streams), or this
     * whole JVM's ({@code wholeJvm}: the HTTP/2 clients read on threads of their own).
     */
    private static long readerCpuNanos(boolean wholeJvm) {
        return wholeJvm ? cpuNanos(ProcessHandle.current()) : ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** A process's CPU time so far (user and system, all threads); 0 when it cannot be read. */
    private static long cpuNanos(ProcessHandle process) {
        return process == null ? 0 : process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String loadAverage() {
        double average = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        return String.format("%.2f", average) + (average > cores
                ? " (high: above the core count; other work on the machine makes the rates lower and noisier)" : "");
    }
}
