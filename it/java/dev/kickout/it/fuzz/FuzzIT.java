package dev.kickout.it.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.fuzz.Probe.Caller;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Sends generated hostile requests (fixed seed, so a failure reproduces) to every endpoint of the
 * contract with no token, a user's and an admin's, over a raw socket, and checks what must hold
 * whatever the input: no 5xx, no Redis key outside the deployment's prefix, no force action.
 * Run it alone: {@code ./mvnw -B verify -Dit.test=FuzzIT -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FuzzIT {

    static final long SEED = 20261130L;
    /** Random requests after the fixed ones (which are about 400). */
    static final int RANDOM_REQUESTS = 1500;
    /** The whole run stops here, whatever is left; the count is asserted separately. */
    static final Duration BUDGET = Duration.ofMinutes(2);
    static final int MIN_REQUESTS = 500;
    /** Exchanges at least this slow are listed: they show where a run's time goes (waits, not work). */
    static final long SLOW_MILLIS = 1000;
    static final String PREFIX = "fuzz-it";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar("fuzz.war", Map.of(
                "kickout.key-prefix", PREFIX,
                "kickout.login.policy", "MULTI", // no login of the test replaces another (a force action)
                "kickout.audit.datasource", "java:comp/DefaultDataSource",
                // thousands of refused logins from 127.0.0.1 would otherwise lock the test's own re-logins out
                "kickout.login.throttle.max-failures-per-address", "1000000",
                // cookie mode on, so the hostile cookies and form logins meet its code
                "kickout.cookie.enabled", "true",
                "kickout.cookie.sign-in-page", "/signin.html"));
    }

    @ArquillianResource
    URL base;

    private Api api;
    private final Map<Caller, String> tokens = new EnumMap<>(Caller.class);

    @Test
    void hostileRequestsNeverGet5xxLeakKeysOrForceAnything() {
        api = new Api(base);
        signIn(Caller.USER);
        signIn(Caller.ADMIN);
        Set<String> keysBefore = keysOutsidePrefix();
        List<String> forceBefore = forceAudit();

        String context = base.getPath().endsWith("/") ? base.getPath().substring(0, base.getPath().length() - 1) : base.getPath();
        HostileRequests generator = new HostileRequests(SEED, context);
        List<Probe> plan = new ArrayList<>(generator.fixed());
        for (int i = 0; i < RANDOM_REQUESTS; i++) {
            plan.add(generator.next());
        }
        RawHttp http = new RawHttp(base.getPort(), 15_000);
        String host = "127.0.0.1:" + base.getPort();
        Map<String, Map<String, Integer>> counts = new TreeMap<>();
        List<String> serverErrors = new ArrayList<>();
        List<String> unanswered = new ArrayList<>();
        long started = System.nanoTime();
        long deadline = started + BUDGET.toNanos();
        int sent = 0;
        int containerRefusals = 0;
        List<String> slow = new ArrayList<>();
        for (Probe probe : plan) {
            if (System.nanoTime() > deadline) {
                break;
            }
            long exchangeStart = System.nanoTime();
            RawHttp.Answer answer = http.exchange(probe.bytes(host, tokens.get(probe.caller())), probe.isHead());
            long exchangeMillis = (System.nanoTime() - exchangeStart) / 1_000_000;
            if (exchangeMillis >= SLOW_MILLIS) {
                slow.add(exchangeMillis + " ms " + answer.statusClass() + " for " + clip(probe.describe()));
            }
            sent++;
            counts.computeIfAbsent(probe.group(), g -> new TreeMap<>()).merge(answer.statusClass(), 1, Integer::sum);
            if (containerRefusal(probe, answer)) {
                containerRefusals++;
            } else if (answer.status() >= 500) {
                serverErrors.add(answer.status() + " for " + probe.describe() + "\n    -> " + clip(answer.body()));
            } else if (answer.status() < 0) {
                unanswered.add(probe.describe() + " -> " + answer.head());
            }
            if (probe.caller() != Caller.NONE && probe.target().contains("auth/logout")) {
                stillSignedIn(probe.caller()); // a hostile request may still be a valid logout
            }
        }
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();

        counts.forEach((group, byClass) -> System.out.println("[figure] fuzz " + group + ": sent "
                + byClass.values().stream().mapToInt(Integer::intValue).sum() + ", by status class " + byClass));
        System.out.println("[figure] fuzz requests sent: " + sent + " of " + plan.size() + " planned in " + seconds
                + " s (seed " + SEED + "), 5xx seen: " + serverErrors.size() + ", closed without an answer: "
                + unanswered.size() + ", refused by the HTTP layer with 501/505: " + containerRefusals);
        unanswered.forEach(line -> System.out.println("  no answer: " + line));
        System.out.println("[figure] fuzz exchanges that took " + SLOW_MILLIS + " ms or more: " + slow.size());
        slow.forEach(line -> System.out.println("  slow: " + line));

        assertTrue(sent >= MIN_REQUESTS, "only " + sent + " requests within " + BUDGET);
        assertEquals(0, serverErrors.size(), () -> serverErrors.size() + " responses with a 5xx status:\n"
                + String.join("\n", serverErrors));
        Set<String> leaked = new TreeSet<>(keysOutsidePrefix());
        leaked.removeAll(keysBefore);
        assertEquals(Set.of(), leaked, "Redis keys outside the prefix " + PREFIX + ":");
        assertEquals(forceBefore, forceAudit(), "force actions recorded during the fuzz run");
    }

    /**
     * Payara's HTTP layer (Grizzly) refuses two kinds of request before any servlet, so before the
     * module, with a 5xx that HTTP defines for them: a request line with a raw space in its target
     * (505, it reads the rest as the version) and, on a static file, a method the default servlet does
     * not implement (501 Not Implemented, RFC 9110 15.6.2), also when an encoded {@code ../} in the
     * target leads out of the REST root to one. WildFly answers both with a 4xx. Only
     * these, and only without the module's problem body, are not counted as server errors.
     */
    private static boolean containerRefusal(Probe probe, RawHttp.Answer answer) {
        if (answer.head().toLowerCase(Locale.ROOT).contains("application/problem+json")) {
            return false;
        }
        return switch (answer.status()) {
            case 505 -> probe.target().contains(" ");
            case 501 -> (!probe.target().contains("/api/") || probe.target().toLowerCase(Locale.ROOT).contains("..%2f"))
                    && !Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE").contains(probe.method());
            default -> false;
        };
    }

    private void signIn(Caller caller) {
        String user = caller == Caller.ADMIN ? "admin" : "alice";
        tokens.put(caller, api.login(user, "fuzz").token());
        if (caller == Caller.USER) {
            String lock = "locks/" + HostileRequests.HELD_TYPE + "/" + HostileRequests.HELD_ID;
            int status = api.post(lock, tokens.get(caller), null).status();
            if (status == 423 && tokens.containsKey(Caller.ADMIN)) {
                // the fuzzed admin waited in the lock's queue and got the freed lock reserved: it lets the turn go
                api.delete(lock + "/queue", tokens.get(Caller.ADMIN)).assertOk(204);
                status = api.post(lock, tokens.get(caller), null).status();
            }
            assertTrue(status == 200 || status == 201, "lock for the fuzz run: " + status);
        }
    }

    private void stillSignedIn(Caller caller) {
        if (api.get("auth/status", tokens.get(caller)).status() == 401) {
            signIn(caller);
        }
    }

    /** Every key of the test Redis outside this deployment's prefix (SCAN). */
    private static Set<String> keysOutsidePrefix() {
        return TestRedis.client().getKeys().getKeysStream().filter(key -> !key.startsWith(PREFIX + ":"))
                .collect(Collectors.toSet());
    }

    /** The force audit as the admin API shows it, and the length of the force stream in Redis. */
    private List<String> forceAudit() {
        List<String> entries = new ArrayList<>();
        for (String action : List.of("FORCE_LOGOUT", "SESSION_REPLACED", "LOCK_FORCE_RELEASE")) {
            JsonObject page = api.get("admin/audit?limit=500&action=" + action, tokens.get(Caller.ADMIN)).assertOk(200);
            page.getJsonArray("items").forEach(item -> entries.add(action + " " + item.asJsonObject().getString("id")));
        }
        entries.add("force stream lengths " + dev.kickout.it.audit.AuditShards.sizes(
                dev.kickout.it.audit.AuditShards.force(PREFIX)));
        return entries;
    }

    private static String clip(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
