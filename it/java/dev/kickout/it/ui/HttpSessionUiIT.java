package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Reply;
import dev.kickout.it.session.CookieClient;
import dev.kickout.it.session.FormsWar;
import dev.kickout.it.support.ServerUnderTest;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.Locale;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * A legacy app that signs in through its container's FORM login, in HttpSession mode, in a real
 * headless Chromium: the page the app serves after the container's login opens the event stream with
 * the container's own session cookie; a kick shows the reason modal over the page, and the next page
 * load lands on the container's login page, which says why; under {@code SINGLE}, signing in from a
 * second browser replaces the first; the {@code <kickout:editLock>} Faces component holds an order for its
 * editor, who saves under it, refuses it to a second user, and shows a kick.
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HttpSessionUiIT {

    /** From the admin's kick to the modal on a loaded 2-core machine: polled, never slept. */
    private static final Duration MODAL_WITHIN = Duration.ofSeconds(5);
    private static final String SERVER = ServerUnderTest.current().name().toLowerCase(Locale.ROOT);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return FormsWar.withFaces("forms-ui.war", "kickout.login.policy=SINGLE\nkickout.lock.heartbeat=PT1S\n");
    }

    @ArquillianResource
    URL base;

    @Test
    void aKickShowsTheReasonOnTheOpenPageAndTheNextLoadLandsOnTheLoginPage() {
        try (Browser alice = new Browser("forms-alice", base)) {
            signIn(alice, "alice", "pages/home");
            String sessionId = sessionOf(alice);
            CookieClient admin = FormsWar.signIn(base, "admin");
            long start = System.nanoTime();
            FormsWar.kick(admin, sessionId, "Account disabled").assertOk(200);
            WebElement modal = alice.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[figure] %s HttpSession mode: kick to the modal on the open page: %d ms%n", SERVER, millis);
            assertTrue(modal.getText().contains("Account disabled"), modal.getText());
            assertEquals("a form the user is typing", alice.find("#draft").getDomProperty("value"), "the page keeps its content");
            alice.screenshot("forms-1-kicked");
            alice.driver.navigate().refresh();
            alice.await(d -> d.findElement(By.cssSelector("form#login")));
            assertEquals("KICKED", alice.find("#reason").getText());
            alice.screenshot("forms-2-login-page");
        }
    }

    @Test
    void underSingleASecondBrowserReplacesTheFirst() {
        try (Browser first = new Browser("forms-bob-1", base); Browser second = new Browser("forms-bob-2", base)) {
            signIn(first, "bob", "pages/home");
            long start = System.nanoTime();
            signIn(second, "bob", "pages/home");
            first.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            System.out.printf("[figure] %s HttpSession mode: second sign-in to the first browser's modal: %d ms%n", SERVER,
                    (System.nanoTime() - start) / 1_000_000);
            first.driver.navigate().refresh();
            first.await(d -> d.findElement(By.cssSelector("form#login")));
            assertEquals("REPLACED", first.find("#reason").getText());
            second.driver.navigate().refresh();
            assertEquals("bob", second.await(d -> d.findElement(By.id("user"))).getText());
        }
    }

    @Test
    void theFacesEditLockHoldsTheOrderForItsEditorSavesUnderItAndShowsTheKick() {
        String order = "faces-7";
        try (Browser alice = new Browser("forms-faces-alice", base)) {
            signIn(alice, "alice", "orders/order-edit.xhtml?order=" + order);
            alice.await(d -> "HELD".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));
            assertTrue(alice.find(".kickout-lock-status").getText().contains("You are editing"), alice.find(".kickout-lock-status").getText());
            assertEquals(alice.driver.manage().getCookieNamed("KICKOUT_CSRF").getValue(),
                    alice.find("input[name='_csrf']").getDomProperty("value"), "the view carries the session's CSRF token");
            alice.screenshot("forms-3-faces-editing");

            alice.find("input[name$=':note']").sendKeys("deliver after 5 pm");
            alice.find("input[type=submit]").click();
            alice.await(d -> d.findElement(By.id("result")).getText().equals("saved " + order));
            alice.await(d -> "HELD".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));

            // bob, signed in through the same form: the screen is read-only naming alice, and the lock is refused him
            CookieClient bob = FormsWar.signIn(base, "bob");
            Reply screen = bob.page("orders/order-edit.xhtml?order=" + order);
            assertEquals(200, screen.status(), screen.body());
            assertTrue(screen.body().contains("data-state=\"HELD_BY_OTHER\"") && screen.body().contains(">alice</strong>"),
                    screen.body());
            bob.post("kickout/api/locks/order/" + order, "X-CSRF-Token", bob.cookie("KICKOUT_CSRF")).assertProblem(423, "LOCK_HELD");
            JsonObject lock = bob.get("kickout/api/locks/order/" + order).assertOk(200);
            assertEquals("alice", lock.getJsonObject("holder").getString("username"), "alice still holds it after her save");
            // her page keeps it by heartbeat (an unsafe call: the CSRF header with the container's cookie)
            String beat = lock.getString("lastHeartbeat");
            alice.await(d -> !beat.equals(bob.get("kickout/api/locks/order/" + order).json().getString("lastHeartbeat")));
            assertEquals("HELD", alice.find(".kickout-edit-lock").getDomAttribute("data-lock-state"));

            CookieClient admin = FormsWar.signIn(base, "admin");
            long start = System.nanoTime();
            FormsWar.kick(admin, sessionOf(alice), "Order desk closed").assertOk(200);
            WebElement modal = alice.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            System.out.printf("[figure] %s HttpSession mode: kick to the modal on the Faces edit screen: %d ms%n", SERVER,
                    (System.nanoTime() - start) / 1_000_000);
            assertTrue(modal.getText().contains("Order desk closed"), modal.getText());
            alice.await(d -> "SIGNED_OUT".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));
            assertEquals("true", alice.find("input[name$=':note']").getDomProperty("readOnly"));
            alice.screenshot("forms-4-faces-kicked");
        }
    }

    /** Opens a page behind the container's login, signs in through its form, and waits for the live event stream. */
    private static void signIn(Browser browser, String user, String page) {
        browser.open(page);
        browser.await(d -> d.findElement(By.cssSelector("form#login")));
        browser.find("#username").sendKeys(user);
        browser.find("#password").sendKeys(FormsWar.PASSWORD);
        browser.find("#submit").click();
        browser.await(d -> d.findElement(By.id("user")).getText().equals(user));
        browser.await(d -> "open".equals(d.findElement(By.tagName("html")).getDomAttribute("data-kickout-connection")));
    }

    /** The Kickout session of the browser's HttpSession, as the app's page reports it. */
    private String sessionOf(Browser browser) {
        return (String) browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(t => done(t.split(' ')[1]));",
                base + "pages/me");
    }
}
