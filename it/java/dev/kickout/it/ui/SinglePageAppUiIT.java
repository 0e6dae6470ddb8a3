package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Examples;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.Wait;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedCondition;

/**
 * The starter project {@code examples/single-page-app} in Chromium, as its own build made it: alice signs in with
 * the keyboard, opens a note, saves it with Enter; an admin in a second browser releases her lock and then signs her
 * out from the page's admin panel, and alice's page says each time who did it and why, at once and without a
 * reload, keeping her unsaved text. Neither page breaks its strict CSP, and every field has a label.
 * Screenshots: {@code target/ui-screenshots/spa-*.png}.
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SinglePageAppUiIT {

    /** From the admin's click to the news on alice's page, on a loaded 2-core machine: polled, never slept. */
    private static final Duration SHOWN_WITHIN = Duration.ofSeconds(5);

    @Deployment(testable = false)
    static WebArchive deployment() {
        // no force-release grace: the editor takes the note again right after the release (the grace's 423 is
        // LockIT's to check), where a click within the grace would find the note held
        return Examples.war("single-page-app", "spa-ui.war", "kickout.key-prefix=spa-ui\nkickout.lock.force-release-grace=PT0S\n");
    }

    @ArquillianResource
    URL base;

    @Test
    void anEditorSavesThenSeesAForceReleaseAndAKickSayWhoAndWhyWithoutAReload() {
        String saved = "Saved from the browser " + UUID.randomUUID();
        try (Browser alice = new Browser("spa-alice", base); Browser admin = new Browser("spa-admin", base)) {
            signInWithTheKeyboard(alice, "alice");
            assertEquals(List.of(), unlabelledFields(alice), "fields without a label");
            alice.await(d -> d.findElement(By.cssSelector("#note-list button[data-note='welcome']"))).click();
            alice.await(editable(true));
            assertTrue(alice.find("#lock-state").getText().startsWith("You are editing this note since"),
                    alice.find("#lock-state").getText());
            WebElement text = alice.find("#note-text");
            text.sendKeys(Keys.chord(Keys.CONTROL, "a"), saved);
            alice.find("#note-title").sendKeys(Keys.ENTER);
            String news = alice.await(d -> newsStartingWith(d, "Saved \"Welcome\", version "));
            assertEquals(saved, new Api(URI.create(base.toString()).resolve("api/"))
                    .get("notes/welcome", adminToken()).assertOk(200).getString("text"), "saved for real: " + news);
            alice.screenshot("spa-1-saved");
            alice.await(d -> !d.findElements(By.cssSelector("#connection[data-state='open']")).isEmpty());
            alice.driver.executeScript("window.sameDocument = true");
            text.sendKeys(Keys.END, " And an unsaved line.");
            String draft = text.getDomProperty("value");

            signInWithTheKeyboard(admin, "admin");
            admin.await(d -> d.findElement(By.xpath("//tbody[@id='locks']/tr[td='welcome' and td='alice']")));
            admin.find("#admin-reason").sendKeys("Needed for the stocktake");
            admin.screenshot("spa-2-admin-panel");
            admin.driver.findElement(By.xpath("//button[text()='Release welcome']")).click();
            String lost = alice.await(SHOWN_WITHIN, d -> editable(false).apply(d) ? d.findElement(By.id("lock-state")).getText() : null);
            assertEquals("An administrator (admin) released your edit lock.\nReason: Needed for the stocktake\n"
                    + "Your unsaved text is still here.", lost);
            assertEquals(draft, text.getDomProperty("value"), "the unsaved text stays");
            alice.screenshot("spa-3-lock-released");

            Api kickout = new Api(URI.create(base.toString()).resolve("kickout/api/"));
            String aliceToken = token(alice);
            Wait.until(Duration.ofSeconds(5), last -> "the note to be free after the release; last: " + last.body(),
                    () -> kickout.get("locks/note/welcome", aliceToken), reply -> reply.status() == 404);
            alice.find("#edit-again").click();
            alice.await(editable(true));
            assertEquals(draft, text.getDomProperty("value"), "taking the lock again keeps the unsaved text");

            admin.await(SinglePageAppUiIT::adminPanelIdle); // the panel's reading after the release is done
            admin.find("#admin-refresh").click();
            admin.await(SinglePageAppUiIT::adminPanelIdle);
            admin.find("#admin-reason").clear();
            admin.find("#admin-reason").sendKeys("Account under review");
            admin.driver.findElement(By.xpath("//button[text()='Sign out alice']")).click();
            WebElement dialog = alice.await(SHOWN_WITHIN, d -> d.findElement(By.cssSelector("dialog#signed-out[open]")));
            assertTrue(dialog.getText().contains("An administrator (admin) signed you out."), dialog.getText());
            assertTrue(dialog.getText().contains("Reason: Account under review"), dialog.getText());
            assertEquals(Boolean.TRUE, alice.driver.executeScript("return window.sameDocument === true"), "no reload");
            assertEquals(draft, text.getDomProperty("value"), "the unsaved text stays");
            assertEquals("true", text.getDomProperty("readOnly"));
            admin.await(d -> newsStartingWith(d, "alice was signed out ("));
            alice.screenshot("spa-4-signed-out");

            alice.find("#signed-out-stay").click();
            assertEquals(List.of(), policyViolations(alice), "alice's console");
            assertEquals(List.of(), policyViolations(admin), "the admin's console");
        }
    }

    @Test
    void aWrongPasswordIsRefusedOnThePageAndAnotherEditorOnlyReads() {
        try (Browser bob = new Browser("spa-bob", base)) {
            bob.open("");
            bob.await(d -> d.findElement(By.id("username"))).sendKeys("bob");
            bob.find("#password").sendKeys("not-his-password", Keys.ENTER);
            assertEquals("Wrong user name or password.", bob.await(d -> {
                String error = d.findElement(By.id("sign-in-error")).getText();
                return error.isEmpty() ? null : error;
            }));
            bob.find("#password").clear();
            bob.find("#password").sendKeys("bob", Keys.ENTER);
            WebElement note = bob.await(d -> d.findElement(By.cssSelector("#note-list button[data-note='release-plan']")));

            Api kickout = new Api(URI.create(base.toString()).resolve("kickout/api/"));
            String alice = kickout.login("alice", "web").token();
            String lockToken = kickout.post("locks/note/release-plan", alice, null).assertOk(201).getString("lockToken");
            try {
                note.click();
                String held = bob.await(d -> d.findElement(By.cssSelector("#lock-state.warn")).getText());
                assertTrue(held.startsWith("alice is editing this note since"), held);
                assertEquals("true", bob.find("#note-text").getDomProperty("readOnly"));
                assertEquals("true", bob.find("#save").getDomProperty("disabled"));
                bob.screenshot("spa-5-read-only");
            } finally {
                kickout.send(kickout.request("locks/note/release-plan", alice, lockToken).DELETE()).assertOk(204);
            }
        }
    }

    private static void signInWithTheKeyboard(Browser browser, String user) {
        browser.open("");
        WebElement name = browser.await(d -> d.findElement(By.id("username")));
        browser.await(d -> name.equals(d.switchTo().activeElement()));
        name.sendKeys(user, Keys.TAB, user, Keys.ENTER);
        browser.await(d -> d.findElement(By.id("notes-heading")).equals(d.switchTo().activeElement()));
    }

    private static boolean adminPanelIdle(WebDriver driver) {
        return "false".equals(driver.findElement(By.id("admin")).getDomAttribute("aria-busy"));
    }

    private static ExpectedCondition<Boolean> editable(boolean editable) {
        return d -> String.valueOf(editable).equals(d.findElement(By.id("note-form")).getDomAttribute("data-editing"));
    }

    private static String newsStartingWith(WebDriver driver, String start) {
        String news = driver.findElement(By.id("news")).getText();
        return news.startsWith(start) ? news : null;
    }

    @SuppressWarnings("unchecked")
    private static List<String> unlabelledFields(Browser browser) {
        return (List<String>) browser.driver.executeScript("return [...document.querySelectorAll('input, textarea, select')]"
                + ".filter(field => field.type !== 'hidden' && field.labels.length === 0).map(field => field.id)");
    }

    /** The CSP refusals Chromium reported on the page's console. */
    private static List<String> policyViolations(Browser browser) {
        return browser.driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy")).toList();
    }

    /** The bearer token the page keeps (the Kickout client keeps it in localStorage). */
    private static String token(Browser browser) {
        return (String) browser.driver.executeScript("return JSON.parse(localStorage.getItem('kickout.session')).token");
    }

    private String adminToken() {
        Reply login = new Api(URI.create(base.toString()).resolve("kickout/api/")).tryLogin("admin", "admin", "web", "ui-it");
        return login.assertOk(200).getString("token");
    }
}
