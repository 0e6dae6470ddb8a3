package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Examples;
import dev.kickout.it.http.Reply;
import dev.kickout.it.session.CookieClient;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The module's refusals reach the client through the host's own resources: the starter project
 * {@code examples/rest-app} (its own {@code @ApplicationPath("api")}, catch-all
 * {@code ExceptionMapper<RuntimeException>} and {@code <Throwable>} with JSON bodies of its own), whose resources
 * call a save guarded by {@code @RequiresEditLock}, gets the module's problem+json for LOCK_HELD, LOCK_LOST (before
 * the save runs and at commit), VERSION_CONFLICT, a missing session, CSRF and STORE_UNAVAILABLE, with their
 * headers; the host's own errors keep the host's bodies. Twice, from the WAR that project builds: with its
 * Application, which lists its classes (one line: {@code KickoutResources.hostProviders()}), and with a scanning
 * one ({@link ScanningOrders}) in its place. Both carry {@link SaveFaults}, which makes happen inside the save what
 * the app cannot cause itself.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostRefusalIT {

    /** The example's own Application, which the scanning deployment replaces. */
    private static final String LISTING_APPLICATION = "WEB-INF/classes/com/example/orders/OrdersApplication.class";

    @Deployment(name = "scanning", testable = false)
    static WebArchive scanning() {
        WebArchive war = host("orders-scan.war", "orders-scan");
        assertNotNull(war.delete(LISTING_APPLICATION), () -> "the example has no " + LISTING_APPLICATION);
        return war.addClass(ScanningOrders.class);
    }

    @Deployment(name = "listing", testable = false)
    static WebArchive listing() {
        return host("orders-list.war", "orders-list");
    }

    /**
     * The example's WAR, its own settings followed by what these checks need: a Redis namespace per deployment,
     * cookie mode (the CSRF check), MULTI logins and a force release that takes at once; and {@link SaveFaults}.
     */
    private static WebArchive host(String name, String keyPrefix) {
        return Examples.war("rest-app", name, "kickout.key-prefix=" + keyPrefix + "\n"
                + "kickout.cookie.enabled=true\n"
                + "kickout.login.policy=MULTI\n"
                + "kickout.lock.force-release-grace=PT0S\n")
                .addClass(SaveFaults.class);
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

    private static Reply save(Host host, String path, String sessionToken, String lockToken, String json,
            String... headers) {
        HttpRequest.Builder request = sessionToken == null ? host.host().request(path, null)
                : host.host().request(path, sessionToken, lockToken);
        if (headers.length > 0) {
            request.headers(headers);
        }
        return host.host().send(request.header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** An edit of an order: its customer, its note, and the version it was made on ({@code null}: none). */
    private static String edit(String note, Long version) {
        JsonObjectBuilder edit = Json.createObjectBuilder().add("customer", "ACME").add("note", note);
        if (version != null) {
            edit.add("version", version);
        }
        return edit.build().toString();
    }

    /** An order id nobody created: refusals before the save runs need no record. */
    private static String order() {
        return "o-" + UUID.randomUUID();
    }

    /** An order created through the app, with the version it starts at (0 on WildFly's JPA, 1 on Payara's). */
    private record Created(String id, long version) {
    }

    private static Created newOrder(Host host, String sessionToken) {
        JsonObject created = host.host().post("orders", sessionToken, edit("3 pallets", null)).assertOk(201);
        return new Created(created.getString("id"), created.getJsonNumber("version").longValue());
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
            Reply lockHeld = save(host, "orders/" + held, alice, "not-bobs-token", edit("mine now", 0L));
            report(host, "LOCK_HELD", lockHeld);
            JsonObject heldProblem = lockHeld.assertProblem(423, "LOCK_HELD");
            assertEquals("bob", heldProblem.getJsonObject("holder").getString("username"), lockHeld::body);

            Reply lockLost = save(host, "orders/" + order(), alice, "a-token-that-holds-nothing", edit("lost", 0L));
            report(host, "LOCK_LOST", lockLost);
            assertEquals("EXPIRED", lockLost.assertProblem(409, "LOCK_LOST").getString("reason"));

            Created mine = newOrder(host, alice);
            String lockToken = acquire(host, alice, mine.id());
            JsonObject saved = save(host, "orders/" + mine.id(), alice, lockToken, edit("fine", mine.version()))
                    .assertOk(200);
            assertEquals("fine", saved.getString("note"), saved::toString);
            assertEquals(mine.version() + 1, saved.getJsonNumber("version").longValue(), saved::toString);

            Reply stale = save(host, "orders/" + mine.id(), alice, lockToken, edit("over an old copy", mine.version()));
            report(host, "VERSION_CONFLICT", stale);
            stale.assertProblem(409, "VERSION_CONFLICT");
            assertEquals("fine", host.host().get("orders/" + mine.id(), alice).assertOk(200).getString("note"));
        }
    }

    @Test
    @Order(2)
    void aSaveRefusedAtCommitIsAnsweredAsTheRefusal() {
        for (Host host : hosts()) {
            String alice = host.module().login("alice", "web").token();
            Created order = newOrder(host, alice);
            String lockToken = acquire(host, alice, order.id());
            Reply atCommit = save(host, "orders/" + order.id(), alice, lockToken, edit("handed over", order.version()),
                    SaveFaults.HEADER, SaveFaults.FORCE_RELEASE);
            report(host, "LOCK_LOST at commit", atCommit);
            assertEquals("FORCE_RELEASED", atCommit.assertProblem(409, "LOCK_LOST").getString("reason"), atCommit::body);
            assertEquals(404, host.module().get("locks/order/" + order.id(), alice).status(), "the lock is gone");
            JsonObject kept = host.host().get("orders/" + order.id(), alice).assertOk(200);
            assertEquals("3 pallets", kept.getString("note"), "nothing saved: " + kept);
            assertEquals(order.version(), kept.getJsonNumber("version").longValue(), kept::toString);
        }
    }

    @Test
    @Order(3)
    void aSessionRefusalInsideAHostResourceIsA401WithItsChallenge() {
        for (Host host : hosts()) {
            Reply noSession = save(host, "kiosk/orders/" + order(), null, null, edit("anonymous", 0L));
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
            Reply csrf = browser.post("../api/orders", "Accept", "application/json");
            report(host, "cookie post without CSRF", csrf);
            csrf.assertProblem(403, "CSRF_REJECTED");
        }
    }

    @Test
    @Order(5)
    void theHostsOwnErrorsKeepTheHostsAnswers() {
        for (Host host : hosts()) {
            String alice = host.module().login("alice", "web").token();
            Created order = newOrder(host, alice);
            String lockToken = acquire(host, alice, order.id());

            Reply bug = save(host, "orders/" + order.id(), alice, lockToken, edit("no version", null));
            report(host, "the host's exception in the save", bug);
            assertHostAnswer(bug, 400, "{\"error\":\"IllegalArgumentException\"}");

            // the entity allows 500 characters, which JPA checks when it writes: at commit
            Reply rollback = save(host, "orders/" + order.id(), alice, lockToken,
                    edit("x".repeat(501), order.version()));
            report(host, "the host's rollback at commit of the save", rollback);
            assertEquals(500, rollback.status(), rollback::body);
            assertNotProblem(rollback);

            Reply checked = save(host, "orders/" + order.id(), alice, lockToken, edit("fine", order.version()),
                    SaveFaults.HEADER, SaveFaults.CHECKED);
            report(host, "a checked exception in the save", checked);
            assertHostAnswer(checked, 500, "{\"failure\":\"IOException\"}");

            Reply unknown = host.host().get("kiosk/no/such/path", null);
            assertHostAnswer(unknown, 404, "{\"error\":\"NotFoundException\"}");

            assertEquals(order.version(), host.host().get("orders/" + order.id(), alice).assertOk(200)
                    .getJsonNumber("version").longValue(), "none of these saves wrote the order");
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
