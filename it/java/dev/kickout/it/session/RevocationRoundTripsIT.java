package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The follow-ups of one revocation go to Redis together: kicking a user with {@value #SESSIONS} sessions
 * costs Redis a few round trips (the admin's token check, the revoke script, one batch with every
 * session's event, audit entry and lock look-up and the user's listing entry, then the outbox
 * acknowledgement), not one or more per session; and every session is refused and audited as before.
 * A login costs two: the throttle's reservation before the password is checked, then the login script,
 * which on one Redis also writes the user's listing entry, with the sign-in's bookkeeping beside it.
 * Counted by Redis itself around one request, with the near cache off and this deployment's timers
 * pushed out of the window, so that it holds only the request (after a first one, so that Redis has the
 * scripts cached). A lock acquire costs one beside its token check on one Redis: the claim of its place
 * among the caps, the lock's script, the holding and the listing go in one batch. A logout answers after
 * three (its token check, the revoke script, the follow-ups' batch); its outbox acknowledgement follows,
 * with those of the other decisions of the next milliseconds.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RevocationRoundTripsIT {

    static final String PREFIX = "round-trips";
    static final int SESSIONS = 30;
    /** What the request may cost whatever the number of sessions, with room for a stray PING. */
    static final long MAX_ROUND_TRIPS = 8;
    /**
     * The script calls a kick may make whatever the number of sessions: the sessions' events in one call,
     * their audit entries in one per audit shard (8), the token check, the revoke script, the listing entry
     * and the acknowledgement, with room for a stray drainer or sweeper call.
     */
    static final long MAX_SCRIPT_CALLS = 16;
    /** Logins (or acquires, logouts) measured at most, one at a time, until one costs what it should. */
    static final int LOGINS = 3;
    /** Logouts sent at once. */
    static final int LOGOUTS = 30;
    static final Duration DRAINED = Duration.ofSeconds(20);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "MULTI",
                "kickout.session.near-cache", "false", "kickout.outbox.interval", "PT1H",
                "kickout.cleanup.interval", "PT1H", "kickout.lock.watch-interval", "PT1H"));
    }

    @ArquillianResource
    URL base;

    @Test
    void aLoginCostsTwoRoundTrips() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        api.tryLogin("alice", "alice", "web", "login-warm-up").assertOk(200);
        long onlineBefore = api.get("admin/users/online", admin).json().getInt("total");
        long sessionsBefore = api.get("admin/sessions", admin).json().getInt("total");
        int logins = 0;

        // the fewest of a few logins: a stray read of another client can only add to one of them
        long roundTrips = Long.MAX_VALUE;
        Map<String, Long> commands = Map.of();
        for (int i = 0; i < LOGINS && roundTrips > 2; i++) {
            awaitAcknowledged(PREFIX);
            try (RedisCommandStats.Window window = RedisCommandStats.window()) {
                api.tryLogin("alice", "alice", "phone", "login-round-trips-" + i).assertOk(200);
                long reads = window.roundTrips();
                commands = window.commands();
                roundTrips = Math.min(roundTrips, reads - commands.getOrDefault("ping", 0L)); // keep-alives are no part of it
            }
            logins++;
        }
        System.out.printf("[figure] login (policy MULTI, no session replaced): %d Redis round trips%n", roundTrips);

        long fewest = roundTrips;
        Map<String, Long> ran = commands;
        assertTrue(fewest <= 2, () -> fewest + " round trips for one login at best; Redis ran " + ran);
        // the listing index has the new session: the login script wrote the user's entry for each
        assertEquals(sessionsBefore + logins, api.get("admin/sessions", admin).json().getInt("total"));
        assertEquals(onlineBefore, api.get("admin/users/online", admin).json().getInt("total"));
    }

    @Test
    void aLockAcquireCostsOneRoundTripBesideTheTokenCheck() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        String alice = api.tryLogin("alice", "alice", "web", "acquire-round-trips").assertOk(200).getString("token");
        api.post("locks/order/warm-up-" + UUID.randomUUID(), alice, null).assertOk(201);

        long roundTrips = Long.MAX_VALUE;
        Map<String, Long> commands = Map.of();
        List<String> acquired = new ArrayList<>();
        for (int i = 0; i < LOGINS && roundTrips > 2; i++) {
            String id = UUID.randomUUID().toString();
            awaitAcknowledged(PREFIX);
            try (RedisCommandStats.Window window = RedisCommandStats.window()) {
                api.post("locks/order/" + id, alice, null).assertOk(201);
                long reads = window.roundTrips();
                commands = window.commands();
                roundTrips = Math.min(roundTrips, reads - commands.getOrDefault("ping", 0L));
            }
            acquired.add(id);
        }
        System.out.printf("[figure] lock acquire, its token check included: %d Redis round trips%n", roundTrips);

        long fewest = roundTrips;
        Map<String, Long> ran = commands;
        assertTrue(fewest <= 2, () -> fewest + " round trips for one acquire at best; Redis ran " + ran);
        // the lock is listed for the admins and counted as the session's: its logout releases them all
        List<String> listed = api.get("admin/locks?type=order&userId=alice", admin).json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().map(lock -> lock.getString("id")).toList();
        assertTrue(listed.containsAll(acquired), () -> listed + " lacks some of " + acquired);
        api.post("auth/logout", alice, null).assertOk(204);
        String carol = api.tryLogin("carol", "carol", "web", "acquire-round-trips").assertOk(200).getString("token");
        for (String id : acquired) {
            api.post("locks/order/" + id, carol, null).assertOk(201);
        }
    }

    @Test
    void aLogoutAnswersAfterThreeRoundTripsAndAcknowledgesWithOthers() throws Exception {
        Api api = new Api(base);
        api.post("auth/logout", api.tryLogin("alice", "alice", "web", "logout-warm-up").assertOk(200).getString("token"), null)
                .assertOk(204);

        long roundTrips = Long.MAX_VALUE;
        Map<String, Long> commands = Map.of();
        for (int i = 0; i < LOGINS && roundTrips > 3; i++) {
            String token = api.tryLogin("alice", "alice", "web", "logout-round-trips-" + i).assertOk(200).getString("token");
            awaitAcknowledged(PREFIX);
            try (RedisCommandStats.Window window = RedisCommandStats.window()) {
                api.post("auth/logout", token, null).assertOk(204);
                long reads = window.roundTrips();
                commands = window.commands();
                roundTrips = Math.min(roundTrips, reads - commands.getOrDefault("ping", 0L));
            }
        }
        System.out.printf("[figure] logout, its token check included, until it answers: %d Redis round trips%n", roundTrips);
        long fewest = roundTrips;
        Map<String, Long> ran = commands;
        // the token check, the revoke script, the follow-ups' batch; the outbox acknowledgement comes after the answer
        assertTrue(fewest <= 3, () -> fewest + " round trips for one logout at best; Redis ran " + ran);

        // many at once: their acknowledgements go to Redis in a few batches, not one each (the logins one by
        // one: the throttle lets only so many password checks of one username run at once)
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < LOGOUTS; i++) {
            tokens.add(api.tryLogin("carol", "carol", i % 2 == 0 ? "web" : "phone", "logouts-at-once-" + i).assertOk(200)
                    .getString("token"));
        }
        awaitAcknowledged(PREFIX);
        try (RedisCommandStats.Window window = RedisCommandStats.window()) {
            concurrently(LOGOUTS, i -> api.post("auth/logout", tokens.get(i), null).assertOk(204));
            // no drainer runs here (kickout.outbox.interval is an hour): only the acknowledgements empty it
            Wait.until(DRAINED, () -> "the logouts' outbox entries acknowledged", () -> outboxEntries(window) == 0);
            long reads = window.roundTrips() - window.commands().getOrDefault("ping", 0L);
            System.out.printf("[figure] %d logouts at once: %.2f Redis round trips each, acknowledgements included%n",
                    LOGOUTS, (double) reads / LOGOUTS);
            assertTrue(reads <= 3L * LOGOUTS + LOGOUTS / 2, () -> reads + " round trips for " + LOGOUTS
                    + " logouts at once: their acknowledgements went one by one");
        }
    }

    /** Outbox entries of this deployment (under its key prefix), asked on the window's connection. */
    private static long outboxEntries(RedisCommandStats.Window window) {
        return outboxEntries(window, PREFIX);
    }

    private static long outboxEntries(RedisCommandStats.Window window, String prefix) {
        return ((List<?>) window.call("KEYS", prefix + ":*:ob")).size();
    }

    /**
     * Until every outbox entry under {@code prefix} is acknowledged, so that the acknowledgement of an
     * earlier decision, which follows its answer by some milliseconds, falls into no later window.
     */
    static void awaitAcknowledged(String prefix) {
        try (RedisCommandStats.Window window = RedisCommandStats.window()) {
            Wait.until(DRAINED, () -> "the outbox emptied", () -> outboxEntries(window, prefix) == 0);
        }
    }

    /** {@code work} for 0 ... n - 1, all at once; its results in order. */
    private static <T> List<T> concurrently(int n, IntFunction<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Callable<T>> tasks = IntStream.range(0, n).<Callable<T>>mapToObj(i -> () -> work.apply(i)).toList();
            List<T> results = new ArrayList<>();
            for (Future<T> result : pool.invokeAll(tasks)) {
                results.add(result.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aKickOfManySessionsCostsAFewRoundTrips() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            tokens.add(api.tryLogin("bob", "bob", i % 2 == 0 ? "web" : "phone", "round-trips-" + i).assertOk(200)
                    .getString("token"));
        }

        // once, so that Redis has every script of a kick cached (a first call sends them whole)
        api.login("carol", "warm-up");
        api.post("admin/users/carol/logout", admin, "{\"reason\":\"warm-up\"}").assertOk(200);
        awaitAcknowledged(PREFIX);

        JsonObject result;
        long roundTrips;
        Map<String, Long> commands;
        try (RedisCommandStats.Window window = RedisCommandStats.window()) {
            result = api.post("admin/users/bob/logout", admin, "{\"reason\":\"round trips\"}").assertOk(200);
            roundTrips = window.roundTrips();
            commands = window.commands();
        }
        System.out.printf("[figure] kick of a user with %d sessions: %d Redis round trips%n", SESSIONS, roundTrips);

        assertEquals(SESSIONS, result.getInt("kicked"));
        assertTrue(roundTrips <= MAX_ROUND_TRIPS, () -> roundTrips + " round trips for one kick of " + SESSIONS
                + " sessions: its follow-ups went one by one; Redis ran " + commands);
        long scriptCalls = commands.getOrDefault("evalsha", 0L) + commands.getOrDefault("eval", 0L);
        System.out.printf("[figure] kick of a user with %d sessions: %d script calls%n", SESSIONS, scriptCalls);
        assertTrue(scriptCalls <= MAX_SCRIPT_CALLS, () -> scriptCalls + " script calls for one kick of " + SESSIONS
                + " sessions: its events or audit entries went one call each; Redis ran " + commands);
        for (String token : tokens) {
            api.get("auth/me", token).assertProblem(401, "KICKED");
        }
        long audited = api.get("admin/audit?limit=100&action=FORCE_LOGOUT&actor=admin", admin).json()
                .getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .filter(entry -> "round trips".equals(entry.getString("reason", ""))).count();
        assertEquals(SESSIONS, audited, "one audit entry per kicked session");
    }
}
