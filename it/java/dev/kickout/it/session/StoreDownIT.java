package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Examples;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The FORM-login example with Redis hung (SIGSTOP) or killed, under each {@code kickout.http-session.store-down}
 * choice. REFUSE: a page load gets the app's own error page for 503 (its {@code <error-page>}), an API call the
 * problem, and service returns by itself with the sessions intact. ALLOW: the app's pages go on with the
 * container's identity, the module's own calls still answer 503, and once Redis is back every request is checked
 * again: a session Redis no longer holds is refused at its next request.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StoreDownIT {

    private static final Duration OUTAGE_SEEN = Duration.ofSeconds(30);
    private static final String ERROR_PAGE = "data-page=\"unavailable\"";
    private static final String EDITOR = "orders/edit.xhtml?id=A-1003";

    @Deployment(name = "refuse", testable = false)
    static WebArchive refuse() {
        return withErrorPage(FormsWar.archive("store-down-refuse.war", ""));
    }

    @Deployment(name = "allow", testable = false)
    static WebArchive allow() {
        return withErrorPage(FormsWar.archive("store-down-allow.war", "kickout.http-session.store-down=ALLOW\n"));
    }

    /** The app's own page for 503, as a legacy app declares one. */
    private static WebArchive withErrorPage(WebArchive war) {
        war.add(new StringAsset("<!DOCTYPE html><html lang=\"en\"><head><title>Unavailable</title></head>"
                + "<body " + ERROR_PAGE + "><p>Please try again in a minute.</p></body></html>"), "unavailable.html");
        return Examples.edit(war, "WEB-INF/web.xml", xml -> xml.replace("</web-app>",
                "<error-page><error-code>503</error-code><location>/unavailable.html</location></error-page>\n</web-app>"));
    }

    /** Every status a poll saw: a 500 on the way to the expected answer fails the test as much as a wrong end. */
    private final List<Integer> seen = new ArrayList<>();

    private Reply pollPage(CookieClient client, String path, Predicate<Reply> done) {
        long start = System.nanoTime();
        Reply answer = Wait.until(OUTAGE_SEEN, reply -> "the page " + path + ", last " + reply.status() + " " + reply.body(),
                () -> {
                    Reply reply = client.page(path);
                    seen.add(reply.status());
                    return reply;
                }, done);
        System.out.println("[figure] " + path + " answered " + answer.status() + " after "
                + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms (statuses on the way: " + seen + ")");
        return answer;
    }

    @AfterEach
    void noServerErrorAnywhere() {
        assertFalse(seen.contains(500), "statuses seen while Redis was away and back: " + seen);
    }

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
        TestRedis.start();
    }

    @Test
    void refuseHungAPageLoadGetsTheAppsErrorPageAnApiCallTheProblemAndServiceReturns(
            @ArquillianResource @OperateOnDeployment("refuse") URL base) {
        CookieClient alice = FormsWar.signIn(base, "alice");
        TestRedis.hang();
        Reply page = pollPage(alice, FormsWar.HOME, reply -> reply.status() == 503);
        assertTrue(page.body().contains(ERROR_PAGE), page.body());
        assertEquals("no-store", page.header("Cache-Control"));
        alice.get("orders/probe/who", "Accept", "application/json").assertProblem(503, "STORE_UNAVAILABLE");
        alice.get("kickout/api/auth/me", "Accept", "application/json").assertProblem(503, "STORE_UNAVAILABLE");
        TestRedis.resume();
        pollPage(alice, FormsWar.HOME, reply -> reply.status() == 200);
        assertTrue(alice.page(FormsWar.HOME).body().contains("data-user=\"alice\""), "the same session, still signed in");
        Reply editor = pollPage(alice, EDITOR, reply -> reply.status() != 503);
        assertTrue(editor.body().contains("data-state=\"HELD\""), editor.body());
    }

    @Test
    void refuseKilledPageLoadsGetTheErrorPageAndAfterARestartWithoutDataTheLoginPage(
            @ArquillianResource @OperateOnDeployment("refuse") URL base) {
        CookieClient bob = FormsWar.signIn(base, "bob");
        TestRedis.stop();
        Reply page = pollPage(bob, FormsWar.HOME, reply -> reply.status() == 503);
        assertTrue(page.body().contains(ERROR_PAGE), page.body());
        TestRedis.start();
        // the new Redis holds no session: bob's is unknown, so refused, and the container asks him to sign in
        Reply after = pollPage(bob, FormsWar.HOME, reply -> reply.status() != 503);
        assertEquals(303, after.status(), after.body());
        assertTrue(bob.page(FormsWar.HOME).body().contains("j_security_check"), "the login page after the refusal");
    }

    @Test
    void allowHungTheAppsPagesGoOnTheModulesCallsWaitAndChecksResume(
            @ArquillianResource @OperateOnDeployment("allow") URL base) {
        CookieClient carol = FormsWar.signIn(base, "carol");
        TestRedis.hang();
        Wait.until(OUTAGE_SEEN, () -> "the module's own call to see Redis gone",
                () -> carol.get("kickout/api/auth/me", "Accept", "application/json").status() == 503);
        Reply page = carol.page(FormsWar.HOME);
        assertEquals(200, page.status(), page.body());
        assertTrue(page.body().contains("data-user=\"carol\""), page.body());
        assertEquals("carol", carol.get("orders/probe/who").body());
        // the edit page renders read-only and says why, rather than failing
        Reply editor = pollPage(carol, EDITOR, reply -> reply.status() != 500);
        assertEquals(200, editor.status(), editor.body());
        assertTrue(editor.body().contains("data-state=\"UNAVAILABLE\""), editor.body());
        carol.post("kickout/api/locks/order/41", "X-CSRF-Token", carol.cookie("KICKOUT_CSRF"))
                .assertProblem(503, "STORE_UNAVAILABLE");
        // a sign-in during the outage: the container's login works, the Kickout session waits for Redis
        CookieClient dave = FormsWar.signIn(base, "dave");
        TestRedis.resume();
        Wait.until(OUTAGE_SEEN, () -> "carol's session to be checked again",
                () -> carol.get(FormsWar.ME).status() == 200);
        String[] carolNow = carol.get(FormsWar.ME).body().split(" ");
        assertEquals("carol", carolNow[0]);
        String[] daveNow = dave.get(FormsWar.ME).body().split(" ");
        assertEquals("dave", daveNow[0], String.join(" ", daveNow));
        assertTrue(daveNow[1].length() > 10, "dave's Kickout session opened once Redis was back: " + String.join(" ", daveNow));
    }

    @Test
    void allowKilledPagesGoOnAndASessionRedisNoLongerHoldsIsRefusedOnceItIsBack(
            @ArquillianResource @OperateOnDeployment("allow") URL base) {
        CookieClient erin = FormsWar.signIn(base, "erin");
        TestRedis.stop();
        Wait.until(OUTAGE_SEEN, () -> "the module's own call to see Redis gone",
                () -> erin.get("kickout/api/auth/me", "Accept", "application/json").status() == 503);
        assertEquals(200, erin.page(FormsWar.HOME).status());
        TestRedis.start();
        Reply after = pollPage(erin, FormsWar.HOME, reply -> reply.status() != 200);
        assertEquals(303, after.status(), after.body());
        assertTrue(erin.page(FormsWar.HOME).body().contains("j_security_check"), "the login page after the refusal");
        assertEquals(401, erin.get("kickout/api/auth/me", "Accept", "application/json").status());
    }
}
