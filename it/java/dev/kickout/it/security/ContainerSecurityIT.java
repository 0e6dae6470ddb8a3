package dev.kickout.it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.session.CookieClient;
import dev.kickout.it.support.RedisCommandStats;
import dev.kickout.it.support.TestRedis;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Container security mode on: the reference WAR with {@code kickout.container-security.enabled=true},
 * module roles mapped to host groups ({@code admin=ops-admins,user=staff}), plus a legacy EJB guarded
 * by {@code @RolesAllowed("ops-admins")}, CDI beans with {@code @RolesAllowed("staff")}, a servlet
 * reporting what each container check sees ({@link CallerServlet}) and a web.xml constraint
 * (ops-admins only). admin has the module role admin, alice the role user (the "clerk").
 * The same suite with the mode off is every other IT.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContainerSecurityIT {

    private static final String SERVER = System.getProperty("kickout.it.server", "wildfly");
    private static final int REUSE_ROUNDS = 5;
    private static final int REUSE_REQUESTS = 10;

    /** What the test adds to the reference web.xml: a constrained URL and the host's roles. */
    private static final String CONSTRAINTS = """
              <security-constraint>
                <web-resource-collection>
                  <web-resource-name>admin area</web-resource-name>
                  <url-pattern>/it-security/admin-area/*</url-pattern>
                </web-resource-collection>
                <auth-constraint>
                  <role-name>ops-admins</role-name>
                </auth-constraint>
              </security-constraint>
              <security-role><role-name>ops-admins</role-name></security-role>
              <security-role><role-name>staff</role-name></security-role>
            """;

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive war = Deployments.referenceWar("csec.war", Map.of(
                "kickout.key-prefix", "csec",
                "kickout.cookie.enabled", "true",
                "kickout.login.policy", "SINGLE",
                "kickout.container-security.enabled", "true",
                "kickout.container-security.role-map", "admin=ops-admins,user=staff",
                // counts the Redis scripts of each check: the Redis path (the cache answers without one)
                "kickout.session.near-cache", "false"));
        String webXml;
        try (var in = war.get("WEB-INF/web.xml").getAsset().openStream()) {
            webXml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        war.delete("WEB-INF/web.xml");
        return war.addClasses(GuardedEjb.class, StaffBean.class, ClerkDesk.class, Shredder.class, CallerServlet.class)
                .addAsWebInfResource(new StringAsset(webXml.replace("</web-app>", CONSTRAINTS + "</web-app>")), "web.xml");
    }

    @ArquillianResource
    URL base;

    @AfterEach
    void redisRunsAgain() {
        TestRedis.resume();
    }

    @Test
    @Order(1)
    void adminAndClerkSeeWhatTheyMay() {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        String clerk = api.login("alice", "web").token();

        JsonObject asAdmin = page("it-security/caller", admin).assertOk(200);
        assertEquals("admin", asAdmin.getString("servletPrincipal"), asAdmin::toString);
        assertTrue(asAdmin.getBoolean("servletOpsAdmins"), asAdmin::toString);
        assertFalse(asAdmin.getBoolean("servletStaff"), asAdmin::toString);
        assertEquals("admin", asAdmin.getString("securityContextPrincipal"), asAdmin::toString);
        assertTrue(asAdmin.getBoolean("securityContextOpsAdmins"), asAdmin::toString);
        assertEquals("admin", asAdmin.getString("ejbPrincipal"), asAdmin::toString);
        assertTrue(asAdmin.getBoolean("ejbOpsAdmins"), asAdmin::toString);
        assertEquals("allowed:admin", asAdmin.getString("ejbAdminOnly"), asAdmin::toString);
        assertTrue(asAdmin.getBoolean("mechanismSession"), asAdmin::toString);
        figures(asAdmin, "admin", "ops-admins");

        JsonObject asClerk = page("it-security/caller", clerk).assertOk(200);
        assertEquals("alice", asClerk.getString("servletPrincipal"), asClerk::toString);
        assertFalse(asClerk.getBoolean("servletOpsAdmins"), asClerk::toString);
        assertTrue(asClerk.getBoolean("servletStaff"), asClerk::toString);
        assertEquals("alice", asClerk.getString("securityContextPrincipal"), asClerk::toString);
        assertTrue(asClerk.getBoolean("securityContextStaff"), asClerk::toString);
        assertFalse(asClerk.getBoolean("securityContextOpsAdmins"), asClerk::toString);
        assertEquals("alice", asClerk.getString("ejbPrincipal"), asClerk::toString);
        assertTrue(asClerk.getBoolean("ejbStaff"), asClerk::toString);
        assertEquals("refused:EJBAccessException", asClerk.getString("ejbAdminOnly"), asClerk::toString);
        figures(asClerk, "alice", "staff");
        // @RolesAllowed("staff") on a plain CDI bean: admin is no staff member, the clerk is
        assertEquals("refused:EJBAccessException", asAdmin.getString("cdiStaffOnly"), asAdmin::toString);
        assertEquals("allowed:staff only", asClerk.getString("cdiStaffOnly"), asClerk::toString);
        figure("clerk cdi-RolesAllowed(staff)", true);
        // class-level @RolesAllowed("staff") with a @PermitAll and a @DenyAll method
        assertEquals("refused:EJBAccessException", asAdmin.getString("cdiClassLevel"), asAdmin::toString);
        assertEquals("allowed:served", asClerk.getString("cdiClassLevel"), asClerk::toString);
        assertEquals("allowed:9-5", asAdmin.getString("cdiPermitAll"), asAdmin::toString);
        assertEquals("refused:EJBAccessException", asClerk.getString("cdiDenyAll"), asClerk::toString);
        // @DenyAll alone: on a method of an otherwise unguarded bean, and on a class whose methods may open themselves
        for (JsonObject seen : List.of(asAdmin, asClerk)) {
            assertEquals("refused:EJBAccessException", seen.getString("cdiDenyAllAlone"), seen::toString);
            assertEquals("refused:EJBAccessException", seen.getString("cdiClassDenyAll"), seen::toString);
            assertEquals("allowed:looked", seen.getString("cdiClassDenyAllPermitAll"), seen::toString);
        }
        assertEquals("refused:EJBAccessException", asAdmin.getString("cdiClassDenyAllRoles"), asAdmin::toString);
        assertEquals("allowed:fed", asClerk.getString("cdiClassDenyAllRoles"), asClerk::toString);
        System.out.println("[figure] container-security " + SERVER + ": cdi-DenyAll-alone (method, class)="
                + asClerk.getString("cdiDenyAllAlone") + ", " + asClerk.getString("cdiClassDenyAll"));

        JsonObject anonymous = page("it-security/caller", null).assertOk(200);
        assertEquals("none", anonymous.getString("servletPrincipal"), anonymous::toString);
        // the spec says null; WildFly 39 answers its "anonymous" principal
        assertTrue(Set.of("none", "anonymous").contains(anonymous.getString("securityContextPrincipal")), anonymous::toString);
        assertNotEquals("alice", anonymous.getString("ejbPrincipal"));
        assertEquals("refused:EJBAccessException", anonymous.getString("ejbAdminOnly"), anonymous::toString);
        assertEquals("refused:EJBAccessException", anonymous.getString("cdiStaffOnly"), anonymous::toString);
        assertEquals("allowed:9-5", anonymous.getString("cdiPermitAll"), anonymous::toString);
        assertEquals("refused:EJBAccessException", anonymous.getString("cdiDenyAllAlone"), anonymous::toString);
        assertEquals("refused:EJBAccessException", anonymous.getString("cdiClassDenyAll"), anonymous::toString);
        assertEquals("allowed:looked", anonymous.getString("cdiClassDenyAllPermitAll"), anonymous::toString);
        assertFalse(anonymous.getBoolean("mechanismSession"));
        System.out.println("[figure] container-security " + SERVER + ": no-token-unprotected=anonymous (EJB caller '"
                + anonymous.getString("ejbPrincipal") + "')");

        // web.xml constraint: ops-admins only
        assertEquals("admin", page("it-security/admin-area/caller", admin).assertOk(200).getString("servletPrincipal"));
        Reply clerkInAdminArea = page("it-security/admin-area/caller", clerk);
        assertEquals(403, clerkInAdminArea.status(), clerkInAdminArea::body);
        page("it-security/admin-area/caller", null).assertProblem(401, "TOKEN_MISSING");
        System.out.println("[figure] container-security " + SERVER + ": web.xml-constraint=sees caller (admin 200, clerk "
                + clerkInAdminArea.status() + ", no token 401 TOKEN_MISSING)");

        // an EJBAccessException the host does not catch: the server's own handling
        Reply refusedEjb = page("it-security/ejb-admin", clerk);
        assertTrue(refusedEjb.status() >= 400, () -> refusedEjb.status() + " " + refusedEjb.body());
        assertEquals("admin", page("it-security/ejb-admin", admin).body());
        System.out.println("[figure] container-security " + SERVER + ": uncaught EJBAccessException in a servlet -> HTTP "
                + refusedEjb.status());
    }

    @Test
    @Order(2)
    void theFilterReusesTheSessionTheMechanismChecked() {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        JsonObject seen = page("api/it-security/caller", admin).assertOk(200);
        assertTrue(seen.getBoolean("mechanismSession"), seen::toString);
        assertEquals("admin", seen.getString("currentSession"), seen::toString);
        // past the filter the container's identity is kept (host group names), not the filter's wrapper
        assertEquals("admin", seen.getString("servletPrincipal"), seen::toString);
        assertTrue(seen.getBoolean("servletOpsAdmins"), seen::toString);
        assertEquals("admin", api.get("auth/me", admin).assertOk(200).getString("userId"));
        page("api/it-security/caller", null).assertProblem(401, "TOKEN_MISSING");

        // Redis scripts per request: mechanism only (it-security/caller) vs mechanism + filter (api/...);
        // a second check in the filter would double the second figure (background timers add a little to both)
        long mechanismOnly = 0;
        long withFilter = 0;
        for (int round = 0; round < REUSE_ROUNDS; round++) {
            mechanismOnly += scripts(() -> page("it-security/caller", admin).assertOk(200));
            withFilter += scripts(() -> page("api/it-security/caller", admin).assertOk(200));
        }
        double perRequest = (double) mechanismOnly / (REUSE_ROUNDS * REUSE_REQUESTS);
        double perGuardedRequest = (double) withFilter / (REUSE_ROUNDS * REUSE_REQUESTS);
        System.out.printf(Locale.ROOT, "[figure] container-security %s: redis scripts per request: mechanism only %.2f,"
                + " mechanism + token filter %.2f%n", SERVER, perRequest, perGuardedRequest);
        assertTrue(perRequest >= 1, () -> "the mechanism checked no session: " + perRequest);
        assertTrue(perGuardedRequest < perRequest + 0.5, () -> perGuardedRequest + " vs " + perRequest);
    }

    /** Scripts Redis ran while {@link #REUSE_REQUESTS} requests were answered. */
    private static long scripts(Runnable request) {
        Map<String, Long> before = RedisCommandStats.calls();
        for (int i = 0; i < REUSE_REQUESTS; i++) {
            request.run();
        }
        Map<String, Long> after = RedisCommandStats.calls();
        return after.getOrDefault("evalsha", 0L) - before.getOrDefault("evalsha", 0L)
                + after.getOrDefault("eval", 0L) - before.getOrDefault("eval", 0L);
    }

    @Test
    @Order(3)
    void aKickedTokenIsRefusedByTheContainerWithTheModulesProblem() {
        Api api = new Api(base);
        Api.Login clerk = api.login("alice", "web");
        assertEquals("alice", page("it-security/caller", clerk.token()).assertOk(200).getString("servletPrincipal"));
        String admin = api.login("admin", "web").token();
        api.delete("admin/sessions/" + clerk.sessionId() + "?reason=container-check", admin).assertOk(200);

        JsonObject byContainer = page("it-security/admin-area/caller", clerk.token()).assertProblem(401, "KICKED");
        assertEquals("admin", byContainer.getString("by"), byContainer::toString);
        assertEquals("container-check", byContainer.getString("reason"), byContainer::toString);
        assertTrue(byContainer.containsKey("at"), byContainer::toString);
        JsonObject byFilter = api.get("auth/me", clerk.token()).assertProblem(401, "KICKED");
        assertEquals(byFilter, byContainer);
        // the filter answers the mechanism's refusal of a guarded servlet too
        assertEquals(byFilter, page("api/it-security/caller", clerk.token()).assertProblem(401, "KICKED"));
        // where nothing is protected the kicked caller is simply anonymous
        JsonObject anonymous = page("it-security/caller", clerk.token()).assertOk(200);
        assertEquals("none", anonymous.getString("servletPrincipal"), anonymous::toString);
        assertEquals("refused:EJBAccessException", anonymous.getString("ejbAdminOnly"), anonymous::toString);
        System.out.println("[figure] container-security " + SERVER + ": kicked-token=refused 401 KICKED (same body as the filter)");
    }

    @Test
    @Order(4)
    void aReplacedOrSignedOutTokenIsRefusedToo() {
        Api api = new Api(base);
        String first = api.tryLogin("bob", "bob", "web", "first").assertOk(200).getString("token");
        assertEquals("bob", page("it-security/caller", first).assertOk(200).getString("ejbPrincipal"));
        String second = api.tryLogin("bob", "bob", "phone", "second").assertOk(200).getString("token");

        JsonObject replaced = page("it-security/admin-area/caller", first).assertProblem(401, "REPLACED");
        assertEquals(api.get("auth/me", first).assertProblem(401, "REPLACED"), replaced);
        assertEquals("bob", page("it-security/caller", second).assertOk(200).getString("ejbPrincipal"));

        api.post("auth/logout", second, null).assertOk(204);
        JsonObject loggedOut = page("it-security/admin-area/caller", second).assertProblem(401, "LOGGED_OUT");
        assertEquals(api.get("auth/me", second).assertProblem(401, "LOGGED_OUT"), loggedOut);
        page("it-security/admin-area/caller", "not-a-token").assertProblem(401, "TOKEN_INVALID");
        System.out.println("[figure] container-security " + SERVER + ": replaced-token=refused 401 REPLACED, signed-out=refused 401 LOGGED_OUT");
    }

    @Test
    @Order(6) // last: the module refuses for a moment after Redis comes back
    void aHungRedisIsNeverAnOpenDoor() {
        Api api = new Api(base);
        String admin = api.login("admin", "web").token();
        TestRedis.hang();
        Reply protectedPage = page("it-security/admin-area/caller", admin);
        protectedPage.assertProblem(503, "STORE_UNAVAILABLE");
        assertTrue(protectedPage.header("Retry-After") != null, protectedPage::toString);
        JsonObject unprotected = page("it-security/caller", admin).assertOk(200);
        assertEquals("none", unprotected.getString("servletPrincipal"), unprotected::toString);
        assertEquals("refused:EJBAccessException", unprotected.getString("ejbAdminOnly"), unprotected::toString);
        page("api/it-security/caller", admin).assertProblem(503, "STORE_UNAVAILABLE");
        System.out.println("[figure] container-security " + SERVER + ": redis-hung=503 STORE_UNAVAILABLE on protected, anonymous elsewhere");
    }

    @Test
    @Order(5)
    void theSessionCookieIsSeenByTheContainerAndUnsafeMethodsNeedTheCsrfToken() {
        CookieClient browser = new CookieClient(URI.create(base.toString()));
        browser.signIn("alice", "c-csec", "/cookie/demo");
        JsonObject seen = browser.get("it-security/caller").assertOk(200);
        assertEquals("alice", seen.getString("servletPrincipal"), seen::toString);
        assertEquals("alice", seen.getString("ejbPrincipal"), seen::toString);
        assertTrue(seen.getBoolean("servletStaff"), seen::toString);
        Reply adminArea = browser.get("it-security/admin-area/caller");
        assertEquals(403, adminArea.status(), adminArea::body);

        // a cross-site POST carries the cookie but not the CSRF token: no caller where nothing is protected ...
        JsonObject forged = browser.post("it-security/caller").assertOk(200);
        assertEquals("none", forged.getString("servletPrincipal"), forged::toString);
        assertEquals("refused:EJBAccessException", forged.getString("cdiStaffOnly"), forged::toString);
        JsonObject posted = browser.post("it-security/caller", "X-CSRF-Token", browser.cookie("KICKOUT_CSRF")).assertOk(200);
        assertEquals("alice", posted.getString("servletPrincipal"), posted::toString);
        // ... and the filter's refusal where the container guards the resource
        CookieClient admin = new CookieClient(URI.create(base.toString()));
        admin.signIn("admin", "c-csec", "/cookie/demo");
        admin.post("it-security/admin-area/caller").assertProblem(403, "CSRF_REJECTED");
        admin.post("it-security/admin-area/caller", "X-CSRF-Token", "forged").assertProblem(403, "CSRF_REJECTED");
        assertEquals("admin", admin.post("it-security/admin-area/caller", "X-CSRF-Token", admin.cookie("KICKOUT_CSRF"))
                .assertOk(200).getString("servletPrincipal"));
        System.out.println("[figure] container-security " + SERVER + ": session-cookie=sees caller; cookie POST without the"
                + " CSRF token=anonymous, on a protected resource 403 CSRF_REJECTED");
    }

    private Reply page(String path, String token) {
        return new Api(URI.create(base.toString())).get(path, token);
    }

    private static void figures(JsonObject seen, String user, String group) {
        String who = user.equals("admin") ? "admin" : "clerk";
        figure(who + " servlet-getUserPrincipal", user.equals(seen.getString("servletPrincipal")));
        figure(who + " servlet-isUserInRole(" + group + ")", seen.getBoolean("servlet" + field(group)));
        figure(who + " SecurityContext-getCallerPrincipal", user.equals(seen.getString("securityContextPrincipal")));
        figure(who + " SecurityContext-isCallerInRole(" + group + ")", seen.getBoolean("securityContext" + field(group)));
        figure(who + " SessionContext-getCallerPrincipal", user.equals(seen.getString("ejbPrincipal")));
        figure(who + " SessionContext-isCallerInRole(" + group + ")", seen.getBoolean("ejb" + field(group)));
        figure(who + " ejb-RolesAllowed(ops-admins)", seen.getString("ejbAdminOnly").equals("allowed:" + user)
                || who.equals("clerk") && seen.getString("ejbAdminOnly").equals("refused:EJBAccessException"));
    }

    private static String field(String group) {
        return group.equals("staff") ? "Staff" : "OpsAdmins";
    }

    private static void figure(String check, boolean seesCaller) {
        System.out.println("[figure] container-security " + SERVER + ": " + check + "=" + (seesCaller ? "sees caller" : "anonymous"));
    }
}
