package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import dev.kickout.it.support.WildFlyProcess;
import jakarta.json.JsonObject;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HttpSession mode with a distributable WAR on a two-instance WildFly cluster (Infinispan sessions over
 * JGroups on 127.0.0.1, {@code server-config/wildfly/loopback-cluster.cli}): one {@code HttpSession} lives
 * on both instances, and one Kickout session with it. A kick decided on either instance ends it once, and
 * its next request on either instance ends the HttpSession for both; the app's logout on either ends both. WildFly only (the Payara Micros of the tests run without a
 * cluster). The instances' ports: {@code kickout.it.proxy.port-offset} + 200 and + 300.
 */
class DistributableSessionIT {

    private static final int KICK_ROUNDS = Integer.getInteger("kickout.it.distributable.kick-rounds", 3);
    private static final int PORT_OFFSET = Integer.getInteger("kickout.it.proxy.port-offset", 3500) + 200;

    static WildFlyProcess one;
    static WildFlyProcess two;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(ServerUnderTest.current() == ServerUnderTest.WILDFLY,
                "Cluster tests run on WildFly only: they start two more instances of the provisioned target/server");
        Path war = Path.of("target", "cluster-it", "forms.war").toAbsolutePath();
        Files.createDirectories(war.getParent());
        FormsWar.distributable("forms.war", "kickout.key-prefix=cluster\n").as(ZipExporter.class).exportTo(war.toFile(), true);
        Map<String, String> cluster = Map.of(
                "kickout.cluster.peer-1", String.valueOf(7600 + PORT_OFFSET),
                "kickout.cluster.peer-2", String.valueOf(7600 + PORT_OFFSET + 100));
        one = WildFlyProcess.launch("cluster-1", PORT_OFFSET, cluster, war);
        two = WildFlyProcess.launch("cluster-2", PORT_OFFSET + 100, cluster, war);
        one.awaitDeployed();
        two.awaitDeployed();
    }

    @AfterAll
    static void stop() {
        for (WildFlyProcess instance : new WildFlyProcess[] {one, two}) {
            if (instance != null) {
                instance.close();
            }
        }
    }

    @Test
    void aKickDecidedOnOneInstanceEndsTheReplicatedHttpSessionOnBoth() {
        // each instance hears of the kick at the same moment: a few rounds of it
        for (int round = 1; round <= KICK_ROUNDS; round++) {
            try {
                kickOnce(round);
            } catch (AssertionError | RuntimeException e) {
                // what the two instances logged meanwhile: the replicated session's part is theirs
                for (WildFlyProcess instance : List.of(one, two)) {
                    System.out.println("--- the last lines of " + instance.name() + "'s server.log\n" + instance.logTail(60));
                }
                throw e;
            }
        }
    }

    private static void kickOnce(int round) {
        CookieClient aliceOnOne = FormsWar.signIn(url(one), "alice");
        CookieClient aliceOnTwo = aliceOnOne.at(two.contextRoot());
        Reply mine = aliceOnOne.get(FormsWar.ME);
        // "<user> <Kickout session> <HttpSession>"
        String cookie = aliceOnOne.cookie("JSESSIONID");
        assertTrue(mine.status() == 200 && mine.body().matches("alice \\S+ \\S+"),
                () -> "round " + round + ": alice's page right after her sign-in, her session cookie " + cookie
                        + " (its end seen by the app: " + ended(one, cookie) + " on one, " + ended(two, cookie)
                        + " on two): " + mine.status() + " " + mine.body());
        String[] me = mine.body().split(" ");
        // the same HttpSession on the other instance, and with it the same Kickout session
        List<String> there = List.of(aliceOnTwo.get(FormsWar.ME).body().split(" "));
        assertEquals(List.of(me), there, "alice on the second instance");

        CookieClient admin = FormsWar.signIn(url(two), "admin");
        JsonObject listed = admin.get("kickout/api/admin/sessions?userId=alice", "Accept", "application/json").assertOk(200);
        assertEquals(1, listed.getInt("total"), listed.toString());
        FormsWar.kick(admin, me[1], "Account disabled").assertOk(200);

        // the next page load on either instance: refused (the HttpSession is invalidated within that request),
        // then the container's login page with the reason; the other instance finds the session gone
        for (CookieClient alice : List.of(aliceOnTwo, aliceOnOne)) {
            long asked = System.nanoTime();
            Reply page = alice.page(FormsWar.HOME);
            String seen = "round " + round + ", alice on " + (alice == aliceOnOne ? "one" : "two") + ": " + page.status();
            if (page.status() == 303) {
                page = alice.page(FormsWar.HOME);
                seen += " then " + page.status();
            }
            long tookMillis = (System.nanoTime() - asked) / 1_000_000;
            String trace = seen + " in " + tookMillis + " ms; alice's sessions now: "
                    + admin.get("kickout/api/admin/sessions?userId=alice", "Accept", "application/json").body() + "\n";
            assertEquals(200, page.status(), trace + page.body());
            assertTrue(page.body().contains("j_security_check"), trace + "the container's login page: " + page.body());
            assertTrue(FormsWar.saysWhy(page, "KICKED"), trace + page.body());
            assertTrue(page.body().contains("Signed out by admin. Reason: Account disabled"), trace + page.body());
            // a request waiting for a lock of the session cache would take its lock timeout (15 s)
            assertTrue(tookMillis < 5_000, trace);
            System.out.printf("[figure] distributable kick, round %d: %s, %d ms%n", round, seen, tookMillis);
        }
        assertTrue(ended(one, me[2]) || ended(two, me[2]), "the app's own listener saw alice's HttpSession end");
        assertEquals(0, admin.get("kickout/api/admin/sessions?userId=alice", "Accept", "application/json").assertOk(200)
                .getInt("total"));
        // ended once, by the kick: the HttpSession's end on the other instance recorded nothing more
        List<JsonObject> audited = admin.get("kickout/api/admin/audit?target=session:" + me[1], "Accept", "application/json")
                .assertOk(200).getJsonArray("items").getValuesAs(JsonObject.class);
        assertEquals(1, audited.size(), audited.toString());
        assertEquals("FORCE_LOGOUT", audited.get(0).getString("action"), audited.toString());
        assertEquals("Account disabled", audited.get(0).getString("reason"), audited.toString());
        assertEquals(0, bindingsKept("alice"), "round " + round + ": the sealed binding goes with the HttpSession");
    }

    @Test
    void anInstanceWhoseCopyLacksTheBindingFindsTheSessionTheOtherOpened() {
        CookieClient carolOnOne = FormsWar.signIn(url(one), "carol");
        CookieClient carolOnTwo = carolOnOne.at(two.contextRoot());
        String[] me = carolOnOne.get(FormsWar.ME).body().split(" ");
        assertEquals(1, bindingsKept("carol"), "Redis keeps the binding of carol's distributable HttpSession");
        // the copy on the second instance as it is before the first instance's write reaches it: no binding
        assertEquals("dropped", carolOnTwo.get("lagging-copy").body());

        assertEquals(List.of(me), List.of(carolOnTwo.get(FormsWar.ME).body().split(" ")),
                "the second instance takes the Kickout session the first opened, not one of its own");
        assertEquals(List.of(me), List.of(carolOnOne.get(FormsWar.ME).body().split(" ")), "carol on the first instance");
        CookieClient admin = FormsWar.signIn(url(one), "admin");
        assertEquals(1, admin.get("kickout/api/admin/sessions?userId=carol", "Accept", "application/json").assertOk(200)
                .getInt("total"), "one Kickout session for carol's one HttpSession");

        // and the kick ends it for that copy too
        FormsWar.kick(admin, me[1], "Account disabled").assertOk(200);
        Reply page = carolOnTwo.page(FormsWar.HOME);
        page = page.status() == 303 ? carolOnTwo.page(FormsWar.HOME) : page;
        assertTrue(FormsWar.saysWhy(page, "KICKED"), page.status() + " " + page.body());
        assertTrue(page.body().contains("Signed out by admin. Reason: Account disabled"), page.body());
    }

    @Test
    void theAppsLogoutOnOneInstanceEndsTheKickoutSessionForBoth() {
        CookieClient bobOnTwo = FormsWar.signIn(url(two), "bob");
        CookieClient bobOnOne = bobOnTwo.at(one.contextRoot());
        String[] me = bobOnTwo.get(FormsWar.ME).body().split(" ");
        assertEquals(List.of(me), List.of(bobOnOne.get(FormsWar.ME).body().split(" ")), "bob on the first instance");

        assertEquals(1, bindingsKept("bob"));
        assertEquals("signed out", bobOnOne.get("orders/probe/logout").body());
        CookieClient admin = FormsWar.signIn(url(two), "admin");
        Wait.until(Duration.ofSeconds(10), () -> "bob's Kickout session to end with his HttpSession",
                () -> admin.get("kickout/api/admin/sessions?userId=bob", "Accept", "application/json").assertOk(200)
                        .getInt("total") == 0);
        assertEquals(0, bindingsKept("bob"), "the sealed binding goes with the HttpSession");
        Reply page = bobOnTwo.page(FormsWar.HOME);
        assertTrue(page.body().contains("j_security_check"), "the container's login page on the other instance: " + page.body());
    }

    /** The sealed bindings Redis keeps for the user's distributable HttpSessions. */
    private static long bindingsKept(String user) {
        return TestRedis.client().getKeys().getKeysStreamByPattern("cluster:{" + RedisKeys.userTag(user) + "}:b:*").count();
    }

    private static URL url(WildFlyProcess instance) {
        try {
            return instance.contextRoot().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean ended(WildFlyProcess instance, String httpSessionId) {
        try {
            URI status = instance.contextRoot().resolve("probe/status?id=" + httpSessionId);
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(status).build(), HttpResponse.BodyHandlers.ofString())
                    .body().equals("ended");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
