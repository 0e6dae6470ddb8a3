package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.session.CookieClient;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import legacy.orders.OrderService;
import legacy.orders.listing.ListingApplication;
import legacy.orders.scan.ScanningApplication;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The module's refusals reach the client through the host's own resources: a legacy host ({@code legacy.orders}:
 * its own {@code @ApplicationPath("api")}, catch-all {@code ExceptionMapper<RuntimeException>} and
 * {@code <Throwable>} with JSON bodies of its own) whose resources call a save guarded by
 * {@code @RequiresEditLock} gets the module's problem+json for LOCK_HELD, LOCK_LOST (before the save runs and
 * at commit), a missing session, CSRF and STORE_UNAVAILABLE, with their headers; the host's own errors keep
 * the host's bodies. Twice: a host Application that scans (no line of host code) and one that lists its
 * classes (one line: {@code KickoutResources.hostProviders()}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostRefusalIT {

    @Deployment(name = "scanning", testable = false)
    static WebArchive scanning() {
        return host("orders-scan.war", ScanningApplication.class, "orders-scan");
    }

    @Deployment(name = "listing", testable = false)
    static WebArchive listing() {
        return host("orders-list.war", ListingApplication.class, "orders-list");
    }

    private static WebArchive host(String name, Class<?> application, String keyPrefix) {
        WebArchive host = ShrinkWrap.create(WebArchive.class, name)
                .addPackage(OrderService.class.getPackage())
                .addClass(application)
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset("kickout.key-prefix=" + keyPrefix + "\n"
                        + "kickout.filter.include=/kickout/api/*,/api/orders/*\n"
                        + "kickout.cookie.enabled=true\n"
                        + "kickout.login.policy=MULTI\n"
                        + "kickout.lock.force-release-grace=PT0S\n"), "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    @OperateOnDeployment("scanning")
    URL scanning;

    @ArquillianResource
    @OperateOnDeployment("listing")
    URL listing;

    /** One host WAR: its own root and the module's. */
    private record Host(String name, URL base) {

        Api module() {
            return new Api(URI.create(base.toString()).resolve("kickout/api/"));
        }

        Api host() {
            return new Api(URI.create(base.toString()).resolve("api/"));
        }
    }

    private List<Host> hosts() {
        return List.of(new Host("scanning", scanning), new Host("listing", listing));
    }

    private static Reply save(Host host, String path, String sessionToken, String lockToken, String text) {
        HttpRequest.Builder request = sessionToken == null ? host.host().request(path, null)
                : host.host().request(path, sessionToken, lockToken);
        return host.host().send(request.header("Content-Type", "text/plain").PUT(HttpRequest.BodyPublishers.ofString(text)));
    }

    private static String order() {
        return "o-" + UUID.randomUUID();
    }

    private static String acquire(Host host, String sessionToken, String order) {
        return host.module().post("locks/order/" + order, sessionToken, null).assertOk(201).getString("lockToken");
    }

    private static void report(Host host, String what, Reply reply) {
        System.out.println("[figure] host-refusal (" + System.getProperty("kickout.it.server", "wildfly") + ", "
                + host.name() + "): " + what + " -> " + reply.status() + " " + reply.header("Content-Type")
                + (reply.header("Retry-After") == null ? "" : ", Retry-After " + reply.header("Retry-After"))
                + (reply.header("WWW-Authenticate") == null ? "" : ", WWW-Authenticate " + reply.header("WWW-Authenticate"))
                + " " + reply.body());
    }

    @Test
    @Order(1)
    void aGuardedSaveInAHostResourceIsRefusedAsTheModuleRefuses() {
        for (Host host : hosts()) {
            String alice = host.module().login("alice", "web").token();
            String bob = host.module().login("bob", "web").token();

            String held = order();
            acquire(host, bob, held);
            Reply lockHeld = save(host, "orders/" + held, alice, "not-bobs-token", "mine now");
            report(host, "LOCK_HELD", lockHeld);
            JsonObject heldProblem = lockHeld.assertProblem(423, "LOCK_HELD");
            assertEquals("bob", heldProblem.getJsonObject("holder").getString("username"), lockHeld::body);

            Reply lockLost = save(host, "orders/" + order(), alice, "a-token-that-holds-nothing", "lost");
            report(host, "LOCK_LOST", lockLost);
            assertEquals("EXPIRED", lockLost.assertProblem(409, "LOCK_LOST").getString("reason"));

            String mine = order();
            String lockToken = acquire(host, alice, mine);
            Reply saved = save(host, "orders/" + mine, alice, lockToken, "fine");
            assertEquals("fine", saved.assertOk(200).getString("saved"));
        }
    }

    @Test
    @Order(2)
    void aSaveRefusedAtCommitIsAnsweredAsTheRefusal() {
        for (Host host : hosts()) {
            String alice = host.module().login("alice", "web").token();
            String order = order();
            String lockToken = acquire(host, alice, order);
            Reply atCommit = save(host, "orders/" + order, alice, lockToken, OrderService.HANDOVER);
            report(host, "LOCK_LOST at commit", atCommit);
            assertEquals("FORCE_RELEASED", atCommit.assertProblem(409, "LOCK_LOST").getString("reason"), atCommit::body);
            assertEquals(404, host.module().get("locks/order/" + order, alice).status(), "the lock is gone");
        }
    }

    @Test
    @Order(3)
    void aSessionRefusalInsideAHostResourceIsA401WithItsChallenge() {
        for (Host host : hosts()) {
            Reply noSession = save(host, "kiosk/orders/" + order(), null, null, "anonymous");
            report(host, "no session", noSession);
            noSession.assertProblem(401, "TOKEN_MISSING");
            assertEquals("Bearer error=\"invalid_token\"", noSession.header("WWW-Authenticate"));
        }
    }

    @Test
    @Order(4)
    void aCookiePostWithoutItsCsrfTokenIsRefused() {
        for (Host host : hosts()) {
            CookieClient browser = new CookieClient(URI.create(host.base().toString()).resolve("kickout/"));
            browser.signIn("alice", "web", null);
            Reply csrf = browser.post("../api/orders/" + order(), "Accept", "application/json");
            report(host, "cookie post without CSRF", csrf);
            csrf.assertProblem(403, "CSRF_REJECTED");
        }
    }

    @Test
    @Order(5)
    void theHostsOwnErrorsKeepTheHostsAnswers() {
        for (Host host : hosts()) {
            String alice = host.module().login("alice", "web").token();
            String order = order();
            String lockToken = acquire(host, alice, order);

            Reply bug = save(host, "orders/" + order, alice, lockToken, OrderService.HOST_BUG);
            report(host, "the host's exception in the save", bug);
            assertHostAnswer(bug, 500, "{\"hostError\":\"IllegalStateException\"}");

            Reply rollback = save(host, "orders/" + order, alice, lockToken, OrderService.HOST_ROLLBACK);
            report(host, "the host's rollback at commit of the save", rollback);
            assertEquals(500, rollback.status(), rollback::body);
            assertNotProblem(rollback);

            Reply checked = host.host().get("kiosk/failure", null);
            assertHostAnswer(checked, 500, "{\"hostFailure\":\"IOException\"}");

            Reply unknown = host.host().get("kiosk/no/such/path", null);
            assertHostAnswer(unknown, 404, "{\"hostError\":\"NotFoundException\"}");
        }
    }

    /**
     * Last: Redis hangs while a host resource asks the module about a lock. The path is outside the filter, so
     * the refusal comes from inside the host's resource.
     */
    @Test
    @Order(6)
    void aStoreThatCannotAnswerIsA503WithRetryAfter() {
        TestRedis.hang();
        try {
            for (Host host : hosts()) {
                Reply unavailable = host.host().get("kiosk/orders/" + order() + "/locked", null);
                report(host, "Redis hung", unavailable);
                unavailable.assertProblem(503, "STORE_UNAVAILABLE");
                assertNotNull(unavailable.header("Retry-After"), () -> "no Retry-After: " + unavailable.headers().map());
                assertTrue(Long.parseLong(unavailable.header("Retry-After")) > 0, unavailable.header("Retry-After"));
            }
        } finally {
            TestRedis.resume();
        }
        for (Host host : hosts()) {
            Wait.until(Duration.ofSeconds(60), () -> "the lock check of " + host.name() + " answering after Redis woke up",
                    () -> host.host().get("kiosk/orders/" + order() + "/locked", null).status() == 200);
        }
    }

    private static void assertHostAnswer(Reply reply, int status, String body) {
        assertEquals(status, reply.status(), reply::body);
        assertEquals(body, reply.body());
        assertTrue(String.valueOf(reply.header("Content-Type")).startsWith("application/json"), reply.header("Content-Type"));
    }

    private static void assertNotProblem(Reply reply) {
        assertFalse(String.valueOf(reply.header("Content-Type")).contains("problem+json"), reply::body);
        assertFalse(reply.body().contains("\"code\""), reply::body);
    }
}
