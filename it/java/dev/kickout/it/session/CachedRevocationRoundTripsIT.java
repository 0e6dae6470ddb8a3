package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With the near cache on, as a host runs it, a revocation answers after two Redis round trips: the
 * revoke script, then one batch with the near caches' invalidation, the listing entry and the
 * observers' writes (the token check is answered in memory, and the outbox acknowledgement follows the
 * answer). Counted by Redis itself around the request, the near cache's heartbeat slowed to one every
 * two seconds and the other timers pushed out, so that the window holds only the request; the fewest of
 * a few tries, since a heartbeat can still fall into one. What it counts does not depend on the server.
 */
@ServerAgnostic
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CachedRevocationRoundTripsIT {

    static final String PREFIX = "cached-round-trips";
    static final int TRIES = 3;
    static final Duration CACHED = Duration.ofSeconds(20);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", PREFIX, "kickout.login.policy", "MULTI",
                "kickout.session.near-cache", "true", "kickout.session.near-cache.silence", "PT10S",
                "kickout.session.touch-interval", "PT1H",
                "kickout.outbox.interval", "PT1H", "kickout.cleanup.interval", "PT1H", "kickout.lock.watch-interval", "PT1H"));
    }

    @ArquillianResource
    URL base;

    @Test
    void aLogoutAnswersAfterTwoRoundTrips() {
        Api api = new Api(base);
        List<String> loggedOut = new ArrayList<>();
        long fewest = fewest("logout", () -> {
            String token = api.tryLogin("alice", "alice", "web", "cached-logout").assertOk(200).getString("token");
            awaitCached(api, token);
            loggedOut.add(token);
            return () -> api.post("auth/logout", token, null).assertOk(204);
        });
        assertTrue(fewest <= 2, () -> fewest + " round trips for a logout at best");
        // this instance's near cache forgot them before the answer
        loggedOut.forEach(token -> api.get("auth/me", token).assertProblem(401, "LOGGED_OUT"));
    }

    @Test
    void anAdminKickOfOneSessionAnswersAfterTwoRoundTrips() {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        awaitCached(api, admin);
        List<String> kicked = new ArrayList<>();
        long fewest = fewest("admin kick of one session", () -> {
            JsonObject login = api.tryLogin("bob", "bob", "web", "cached-kick").assertOk(200);
            kicked.add(login.getString("token"));
            return () -> api.delete("admin/sessions/" + login.getJsonObject("session").getString("sessionId")
                    + "?reason=round%20trips", admin).assertOk(200);
        });
        assertTrue(fewest <= 2, () -> fewest + " round trips for a kick at best");
        kicked.forEach(token -> api.get("auth/me", token).assertProblem(401, "KICKED"));
    }

    /**
     * Until a request with {@code token} costs Redis nothing: the near cache holds it and its fence is open
     * (it opens on the first heartbeat this instance hears, which may come a heartbeat after deployment).
     */
    private static void awaitCached(Api api, String token) {
        Wait.until(CACHED, () -> "the token answered from the near cache", () -> {
            try (RedisCommandStats.Window window = RedisCommandStats.window()) {
                api.get("auth/me", token).assertOk(200);
                return window.roundTrips() - window.commands().getOrDefault("ping", 0L) == 0;
            }
        });
    }

    /**
     * The fewest round trips of up to {@link #TRIES} requests, each prepared (outside the window) by
     * {@code prepare}, which answers the request to count; the first one only warms the scripts up.
     */
    private static long fewest(String what, Supplier<Runnable> prepare) {
        prepare.get().run();
        long fewest = Long.MAX_VALUE;
        Map<String, Long> commands = Map.of();
        for (int i = 0; i < TRIES && fewest > 2; i++) {
            Runnable request = prepare.get();
            RevocationRoundTripsIT.awaitAcknowledged(PREFIX);
            try (RedisCommandStats.Window window = RedisCommandStats.window()) {
                request.run();
                long reads = window.roundTrips();
                commands = window.commands();
                fewest = Math.min(fewest, reads - commands.getOrDefault("ping", 0L));
            }
        }
        System.out.printf("[figure] %s with the near cache on, until it answers: %d Redis round trips (%s)%n", what, fewest,
                commands);
        return fewest;
    }
}
