package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kickout.internal.session.CsrfTokens;
import dev.kickout.it.http.Reply;
import java.net.URI;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * HttpSession mode where the host's own REST application serves the module ({@code kickout.rest.own-application=false})
 * and cookie mode is on too: a cross-site request rides the container's session cookie, so the module's unsafe calls
 * need the CSRF token of the Kickout session bound to that {@code HttpSession}, and only that one. The module's own
 * sign-in is closed: the container's login page is the one way in.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HttpSessionCsrfIT {

    private static final String LOCK = "app-api/locks/order/";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return FormsWar.archive("forms-csrf.war", "kickout.rest.own-application=false\nkickout.cookie.enabled=true\n")
                .addClass(ModuleInHostApplication.class);
    }

    @ArquillianResource
    URL base;

    @Test
    void theModulesUnsafeCallsThroughTheHostsApplicationNeedTheSessionsCsrfToken() {
        CookieClient alice = FormsWar.signIn(base, "alice");
        String csrf = alice.cookie("KICKOUT_CSRF");
        assertNotNull(csrf, "the CSRF cookie of alice's HttpSession");
        // a cross-site form or fetch carries the container's cookie, never the token
        alice.post(LOCK + "31").assertProblem(403, "CSRF_REJECTED");
        alice.get(LOCK + "31", "Accept", "application/json").assertProblem(404, "NOT_LOCKED");
        alice.post(LOCK + "31", "X-CSRF-Token", "not-" + csrf).assertProblem(403, "CSRF_REJECTED");
        alice.post(LOCK + "31", "X-CSRF-Token", csrf).assertOk(201);
    }

    @Test
    void aPlantedSessionCookieDoesNotStandInForTheHttpSessionsToken() {
        CookieClient bob = FormsWar.signIn(base, "bob");
        // a sibling site under the same parent domain can set a cookie for this host; it chooses its value, so it
        // knows the matching CSRF token: the check must use the token of the HttpSession that authenticated
        String planted = "planted-by-a-sibling-site-0000000000000000";
        bob.setCookie("KICKOUT_SESSION", planted);
        bob.post(LOCK + "32", "X-CSRF-Token", CsrfTokens.of(planted)).assertProblem(403, "CSRF_REJECTED");
        bob.get(LOCK + "32", "Accept", "application/json").assertProblem(404, "NOT_LOCKED");
        bob.post(LOCK + "32", "X-CSRF-Token", bob.cookie("KICKOUT_CSRF")).assertOk(201);
    }

    @Test
    void theModulesOwnSignInIsClosedSoTheContainersLoginIsTheOneDoor() {
        CookieClient stranger = new CookieClient(URI.create(base.toString()));
        Reply json = stranger.send(stranger.request("app-api/auth/login", "Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"carol\",\"password\":\"" + FormsWar.PASSWORD + "\"}")));
        json.assertProblem(404, "NOT_FOUND");
        Reply form = stranger.postForm("app-api/auth/login",
                CookieClient.form("username", "carol", "password", FormsWar.PASSWORD), stranger.origin());
        form.assertProblem(404, "NOT_FOUND");
        assertEquals(null, stranger.cookie("KICKOUT_SESSION"), "no session from the module's sign-in");
    }
}
