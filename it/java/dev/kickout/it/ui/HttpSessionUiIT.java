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
 * The FORM-login example ({@code examples/faces-form-login}) in HttpSession mode, in a real headless Chromium: its
 * pages open the event stream with the container's own session cookie; a kick shows the reason modal over the
 * page, and the next page load lands on the example's login page, which says why in the user's words with the
 * administrator's name and reason; under {@code SINGLE}, signing in from a second browser replaces the first; the
 * order screen's {@code <kickout:editLock>} holds an order for its editor, who saves under it (the detached copy
 * merged under the fence), refuses it to a second user, and turns read-only when the administrator signs the
 * editor out from the example's own admin page.
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
        return FormsWar.archive("forms-ui.war", "kickout.lock.heartbeat=PT1S\n");
    }

    @ArquillianResource
    URL base;

    @Test
    void aKickShowsTheReasonOnTheOpenPageAndTheNextLoadLandsOnTheLoginPage() {
        try (Browser alice = new Browser("forms-alice", base)) {
            signIn(alice, "alice", FormsWar.HOME);
            String sessionId = sessionOf(alice);
            CookieClient admin = FormsWar.signIn(base, "admin");
            long start = System.nanoTime();
            FormsWar.kick(admin, sessionId, "Account disabled").assertOk(200);
            WebElement modal = alice.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[figure] %s HttpSession mode: kick to the modal on the open page: %d ms%n", SERVER, millis);
            assertTrue(modal.getText().contains("Account disabled"), modal.getText());
            assertTrue(alice.find("table[id$='orders']").isDisplayed(), "the page stays under the modal");
            alice.screenshot("forms-1-kicked");
            alice.driver.navigate().refresh();
            assertLoginPageSays(alice, "KICKED", "An administrator signed you out.");
            assertEquals("Signed out by admin. Reason: Account disabled", alice.find("[id$='detail']").getText());
            alice.screenshot("forms-2-login-page");
        }
    }

    @Test
    void underSingleASecondBrowserReplacesTheFirst() {
        try (Browser first = new Browser("forms-bob-1", base); Browser second = new Browser("forms-bob-2", base)) {
            signIn(first, "bob", FormsWar.HOME);
            long start = System.nanoTime();
            signIn(second, "bob", FormsWar.HOME);
            first.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            System.out.printf("[figure] %s HttpSession mode: second sign-in to the first browser's modal: %d ms%n", SERVER,
                    (System.nanoTime() - start) / 1_000_000);
            first.driver.navigate().refresh();
            assertLoginPageSays(first, "REPLACED", "You signed in on another device or browser, so this session ended.");
            assertTrue(first.driver.findElements(By.cssSelector("[id$='detail']")).isEmpty(), "no administrator to name");
            second.driver.navigate().refresh();
            second.await(d -> d.findElement(By.cssSelector("[data-user='bob']")));
        }
    }

    @Test
    void theOrderScreenHoldsTheOrderForItsEditorSavesUnderItAndShowsTheAdminsKick() {
        String order = "A-1003";
        try (Browser alice = new Browser("forms-faces-alice", base); Browser admin = new Browser("forms-faces-admin", base)) {
            signIn(alice, "alice", "orders/edit.xhtml?id=" + order);
            alice.await(d -> "HELD".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));
            assertTrue(alice.find(".kickout-lock-status").getText().contains("You are editing"), alice.find(".kickout-lock-status").getText());
            assertEquals(alice.driver.manage().getCookieNamed("KICKOUT_CSRF").getValue(),
                    alice.find("input[name='_csrf']").getDomProperty("value"), "the view carries the session's CSRF token");
            alice.screenshot("forms-3-faces-editing");

            alice.find("textarea[name$=':note']").sendKeys(" - deliver after 5 pm");
            alice.find("input[name$=':save']").click();
            alice.await(d -> d.findElement(By.cssSelector("[id$='messages']")).getText().equals("Saved (version 1)."));
            alice.await(d -> "HELD".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));
            assertEquals("Invoice monthly - deliver after 5 pm", alice.find("textarea[name$=':note']").getDomProperty("value"));

            // bob, signed in through the same form: the list names alice, the screen is read-only naming her, and
            // the lock is refused him
            CookieClient bob = FormsWar.signIn(base, "bob");
            Reply list = bob.page(FormsWar.HOME);
            assertTrue(list.body().matches("(?s).*<td>\\s*" + order + "\\s*</td>.*<td>\\s*alice\\s*</td>.*"), list.body());
            Reply screen = bob.page("orders/edit.xhtml?id=" + order);
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

            // the administrator signs alice's session out from the example's own page, with a reason
            String sessionId = sessionOf(alice);
            signIn(admin, "admin", "admin/sessions.xhtml");
            admin.find("input[name$=':reason']").sendKeys("Order desk closed");
            long start = System.nanoTime();
            admin.find("input[data-session='" + sessionId + "']").click();
            admin.await(d -> d.findElement(By.cssSelector("[id$='messages']")).getText().equals("A session of alice was signed out."));
            WebElement modal = alice.await(MODAL_WITHIN, d -> d.findElement(By.cssSelector("dialog.kickout-modal[open]")));
            System.out.printf("[figure] %s HttpSession mode: kick from the admin page to the modal on the Faces edit screen: %d ms%n",
                    SERVER, (System.nanoTime() - start) / 1_000_000);
            assertTrue(modal.getText().contains("Order desk closed"), modal.getText());
            alice.await(d -> "SIGNED_OUT".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-lock-state")));
            assertEquals("true", alice.find("textarea[name$=':note']").getDomProperty("readOnly"));
            assertEquals("Invoice monthly - deliver after 5 pm", alice.find("textarea[name$=':note']").getDomProperty("value"),
                    "the draft stays in the read-only form");
            assertTrue(admin.driver.findElements(By.cssSelector("input[data-session='" + sessionId + "']")).isEmpty(),
                    "the admin page no longer lists the session");
            alice.screenshot("forms-4-faces-kicked");
            admin.screenshot("forms-5-admin-page");
            alice.driver.navigate().refresh();
            assertLoginPageSays(alice, "KICKED", "An administrator signed you out.");
            assertEquals("Signed out by admin. Reason: Order desk closed", alice.find("[id$='detail']").getText());
        }
    }

    /** Opens a page behind the container's login, signs in through its form, and waits for the page's event stream. */
    private static void signIn(Browser browser, String user, String page) {
        browser.open(page);
        browser.await(d -> d.findElement(By.cssSelector("form#login")));
        browser.find("#username").sendKeys(user);
        browser.find("#password").sendKeys(FormsWar.PASSWORD);
        browser.find("#submit").click();
        browser.await(d -> d.findElement(By.cssSelector("[data-user='" + user + "']")));
        browser.await(d -> "open".equals(d.findElement(By.tagName("html")).getDomAttribute("data-kickout-connection"))
                || !d.findElements(By.cssSelector(".kickout-edit-lock[data-started='true']")).isEmpty());
    }

    private static void assertLoginPageSays(Browser browser, String code, String words) {
        browser.await(d -> d.findElement(By.cssSelector("form#login")));
        WebElement why = browser.find("[id$='why']");
        assertEquals(code, why.getDomAttribute("data-code"));
        assertEquals(words, browser.find("#ended").getText());
    }

    /** The Kickout session of the browser's HttpSession, as the test's probe in the example's WAR reports it. */
    private String sessionOf(Browser browser) {
        return (String) browser.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(t => done(t.split(' ')[1]));",
                base + FormsWar.ME);
    }
}
