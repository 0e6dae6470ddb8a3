package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerUnderTest;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.Select;

/**
 * The reference app's Faces screens ({@code pages/documents.xhtml}, {@code pages/document-edit.xhtml},
 * built with {@code <kickout:editLock>}) in a real headless Chromium, in cookie mode: sign in through
 * the sign-in page, the lock taken when the edit view opens, a second user read-only with the holder's
 * name, a save that grows the version, and the form turning read-only with the draft kept after a force
 * release and after a kick; the rooms around the lock: the "Still editing?" prompt and a release for
 * inactivity (a test screen whose lock type has a 6-second idle timeout), the waiting line up to "Your
 * turn: edit now", a hand-over accepted, and who else is here. Server events come from the REST API or
 * the other person's browser, never from timers, but for the release for inactivity, which is the claim.
 * Screenshots go to {@code target/ui-screenshots/faces-*.png}.
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FacesEditIT {

    /** From the server event to the read-only form: generous for a loaded 2-core machine, polled, never slept. */
    private static final Duration READ_ONLY_WITHIN = Duration.ofSeconds(5);
    private static final String SERVER = ServerUnderTest.current().name().toLowerCase(Locale.ROOT);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "faces",
                "kickout.cookie.enabled", "true",
                "kickout.cookie.sign-in-page", "/signin.html",
                "kickout.filter.include", "/api/*,/pages/*",
                "kickout.lock.heartbeat", "PT1S",
                // only the test screen's own lock type: the reference screens keep the 30-minute default
                "kickout.lock.type.document-idle.idle-timeout", "PT6S",
                "kickout.lock.type.document-idle.idle-warning", "PT4S"))
                .addAsWebResource("faces/document-ajax.xhtml", "pages/document-ajax.xhtml")
                .addAsWebResource("faces/document-idle.xhtml", "pages/document-idle.xhtml");
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void theEditViewTakesTheLockASecondUserReadsItASaveGrowsTheVersionAndAStaleVersionIsRefused() {
        String id = "doc-11";
        String admin = api.login("admin", "api").token();
        long before = api.get("app/documents/" + id, admin).assertOk(200).getJsonNumber("version").longValue();
        try (Browser alice = new Browser("faces-alice", base); Browser bob = new Browser("faces-bob", base)) {
            alice.open("pages/documents.xhtml");
            signIn(alice, "alice");
            alice.await(d -> d.getCurrentUrl().contains("pages/documents.xhtml"));
            alice.screenshot("faces-1-documents");
            alice.find("tr[data-id='" + id + "'] a.open").click();
            alice.await(editing(true));
            JsonObject lock = api.get("locks/document/" + id, admin).assertOk(200);
            assertEquals("alice", lock.getJsonObject("holder").getString("username"), "the view took the lock");

            bob.open("pages/document-edit.xhtml?id=" + id);
            signIn(bob, "bob");
            bob.await(editing(false));
            assertEquals("alice", bob.find(".kickout-holder").getText(), "read-only from the start, naming the holder");
            assertEquals("true", bob.find("textarea").getDomProperty("readOnly"));
            assertFalse(bob.find("input[type=submit]").isEnabled(), "no save in a read-only view");
            bob.screenshot("faces-2-bob-reads-alices-document");

            WebElement body = alice.find("textarea");
            body.sendKeys(Keys.END, "\nAlice's paragraph, saved through Faces.");
            String text = body.getDomProperty("value");
            alice.find("input[type=submit]").click();
            alice.await(d -> d.findElement(By.id("messages")).getText().contains("Saved"));
            alice.await(editing(true));
            JsonObject saved = api.get("app/documents/" + id, admin).assertOk(200);
            assertEquals(before + 1, saved.getJsonNumber("version").longValue(), "the save grew the version");
            assertEquals(normalized(text), normalized(saved.getString("body")));
            assertTrue(alice.find("#messages").getText().contains("version " + (before + 1)), alice.find("#messages").getText());
            alice.screenshot("faces-3-alice-saved");

            // a save over a version that is no longer current (the view's hidden version set back by hand)
            alice.driver.executeScript("arguments[0].value = arguments[1];", alice.find("input[name$=':version']"),
                    String.valueOf(before));
            WebElement again = alice.find("textarea");
            again.sendKeys(Keys.END, " A second edit.");
            String second = again.getDomProperty("value");
            alice.find("input[type=submit]").click();
            alice.await(d -> d.findElement(By.id("messages")).getText().contains("newer version"));
            alice.await(editing(true));
            assertEquals(normalized(second), normalized(alice.find("textarea").getDomProperty("value")), "the draft is kept");
            assertEquals(before + 1, api.get("app/documents/" + id, admin).assertOk(200)
                    .getJsonNumber("version").longValue(), "nothing saved");
            alice.screenshot("faces-3b-alice-version-conflict");
        }
    }

    @Test
    void forceReleaseTurnsTheFormReadOnlyWithTheDraftKeptAndAStaleTokenCannotSave() {
        String id = "doc-12";
        try (Browser alice = new Browser("faces-alice-released", base)) {
            String draft = editWithoutSaving(alice, "alice", id, "Alice's unsaved paragraph: penalties apply after 30 days.");
            WebElement body = alice.find("textarea");

            String admin = api.login("admin", "api").token();
            long version = api.get("app/documents/" + id, admin).assertOk(200).getJsonNumber("version").longValue();
            long start = System.nanoTime();
            api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"Contract under legal review\"}")
                    .assertOk(200);
            alice.await(READ_ONLY_WITHIN, d -> editing(false).apply(d) && alice.find(".kickout-lock-lost").isDisplayed());
            figure("force release -> read-only", start);

            assertEquals("true", body.getDomProperty("readOnly"));
            assertEquals(draft, body.getDomProperty("value"), "the draft stays in the form");
            assertFalse(alice.find("input[type=submit]").isEnabled(), "save disabled");
            String banner = alice.find(".kickout-lock-lost").getText();
            assertTrue(banner.contains("An administrator"), banner);
            assertTrue(banner.contains("Contract under legal review"), banner);
            alice.screenshot("faces-4-alice-lock-released");

            // the button cannot save: a click on the disabled button posts nothing
            alice.find("input[type=submit]").click();
            assertEquals(draft, alice.find("textarea").getDomProperty("value"));
            // a crafted postback past the script (the button's name added by hand, the stale token still in
            // the view) reaches the save, and @RequiresEditLock refuses it
            alice.driver.executeScript("const form = arguments[0].form; const press = document.createElement('input');"
                    + "press.type = 'hidden'; press.name = arguments[0].name; press.value = 'Save'; form.append(press);"
                    + "HTMLFormElement.prototype.submit.call(form);", alice.find("input[type=submit]"));
            alice.await(d -> d.findElement(By.id("messages")).getText().contains("Not saved"));
            assertTrue(alice.find("#messages").getText().contains("FORCE_RELEASED"), alice.find("#messages").getText());
            alice.await(editing(false));
            // HTML drops a line break right after <textarea>, so a re-rendered draft loses a leading one
            assertEquals(normalized(draft), normalized(alice.find("textarea").getDomProperty("value")),
                    "the refused postback keeps the draft");
            assertEquals(version, api.get("app/documents/" + id, admin).assertOk(200).getJsonNumber("version").longValue(),
                    "nothing saved");
            alice.screenshot("faces-5-stale-postback-refused");
        }
    }

    @Test
    void aKickedUserReadsWhyAndTheNextPageLoadLandsOnTheSignInPage() {
        String id = "doc-13";
        try (Browser carol = new Browser("faces-carol-kicked", base)) {
            String draft = editWithoutSaving(carol, "carol", id, "Carol's unsaved note.");
            WebElement body = carol.find("textarea");

            String admin = api.login("admin", "api").token();
            long start = System.nanoTime();
            api.post("admin/users/carol/logout", admin, "{\"reason\":\"Suspicious activity on the account\"}").assertOk(200);
            carol.await(READ_ONLY_WITHIN, editing(false));
            figure("kick -> read-only", start);

            assertEquals("true", body.getDomProperty("readOnly"));
            assertEquals(draft, body.getDomProperty("value"), "the draft stays in the form");
            assertFalse(carol.find("input[type=submit]").isEnabled(), "save disabled");
            assertTrue(carol.find(".kickout-lock-lost").getText().contains("You are signed out"));
            WebElement modal = carol.await(d -> {
                WebElement dialog = d.findElement(By.cssSelector("dialog.kickout-modal"));
                return dialog.isDisplayed() ? dialog : null;
            });
            assertEquals("KICKED", modal.getDomAttribute("data-code"));
            assertTrue(modal.getText().contains("Suspicious activity on the account"), modal.getText());
            carol.screenshot("faces-6-carol-kicked");

            carol.open("pages/documents.xhtml");
            carol.await(d -> d.getCurrentUrl().contains("signin"));
            assertTrue(carol.driver.getCurrentUrl().contains("reason=KICKED"), carol.driver.getCurrentUrl());
            carol.screenshot("faces-7-carol-back-at-sign-in");
        }
    }

    /** The lock-loss flow of the Faces screen with the browser in Simplified Chinese (see also ChineseUiIT). */
    @Test
    void theFacesScreenSaysInChineseThatItsLockWasReleased() {
        String id = "doc-15";
        try (Browser alice = new Browser("zh-faces-alice", base, "zh-CN")) {
            alice.open("pages/document-edit.xhtml?id=" + id);
            signIn(alice, "alice");
            alice.await(editing(true));
            awaitLiveEvents(alice);
            assertTrue(alice.find(".kickout-lock-status").getText().contains("您正在编辑"),
                    alice.find(".kickout-lock-status").getText());
            assertEquals("标题", alice.find("label[for='editor:title']").getText());
            assertEquals("保存", alice.find("input[type=submit]").getDomProperty("value"));
            WebElement body = alice.find("textarea");
            body.sendKeys(Keys.END, "\n尚未保存的段落。");
            String draft = body.getDomProperty("value");
            alice.screenshot("zh-5-faces-editing");

            String admin = api.login("admin", "api").token();
            api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"合同正在法务审核\"}").assertOk(200);
            alice.await(Duration.ofSeconds(10), d -> editing(false).apply(d) && alice.find(".kickout-lock-lost").isDisplayed());
            String banner = alice.find(".kickout-lock-lost").getText();
            assertTrue(banner.contains("编辑锁已被管理员") && banner.contains("释放"), banner);
            assertTrue(banner.contains("原因：合同正在法务审核"), banner);
            assertTrue(banner.contains("尚未保存的内容仍在下方"), banner);
            assertEquals("复制我的内容", alice.find(".kickout-copy-draft").getText());
            assertEquals(draft, body.getDomProperty("value"), "the draft stays in the form");
            alice.screenshot("zh-6-faces-lock-released");

            // a crafted postback with the stale token: refused by @RequiresEditLock, told in Chinese
            alice.driver.executeScript("const form = arguments[0].form; const press = document.createElement('input');"
                    + "press.type = 'hidden'; press.name = arguments[0].name; press.value = 'Save'; form.append(press);"
                    + "HTMLFormElement.prototype.submit.call(form);", alice.find("input[type=submit]"));
            alice.await(d -> d.findElement(By.id("messages")).getText().contains("未保存"));
            String message = alice.find("#messages").getText();
            assertTrue(message.contains("编辑锁已被管理员释放"), message);
            alice.screenshot("zh-7-faces-stale-postback-refused");
        }
    }

    @Test
    void anAjaxReRenderOfTheFormKeepsTheLockWithOneHeartbeatLoopAndTheSaveStillWorks() {
        String id = "doc-16";
        String admin = api.login("admin", "api").token();
        long before = api.get("app/documents/" + id, admin).assertOk(200).getJsonNumber("version").longValue();
        try (Browser alice = new Browser("faces-alice-ajax", base)) {
            alice.open("pages/document-ajax.xhtml?id=" + id);
            signIn(alice, "alice");
            alice.await(editing(true));
            awaitLiveEvents(alice);
            assertEquals("1", heartbeatLoops(alice));
            String token = alice.find("input.kickout-lock-token").getDomProperty("value");

            for (int round = 1; round <= 3; round++) {
                alice.driver.executeScript("document.querySelector('.kickout-edit-lock').dataset.round = arguments[0];",
                        String.valueOf(round));
                alice.find("textarea").sendKeys(Keys.END, " Ajax round " + round + ".");
                alice.find("input[name$=':refresh']").click();
                alice.await(d -> d.findElements(By.cssSelector(".kickout-edit-lock[data-round]")).isEmpty()
                        && !d.findElements(By.cssSelector(".kickout-edit-lock[data-started]")).isEmpty());
                alice.await(editing(true));
                assertEquals("HELD", alice.find(".kickout-edit-lock").getDomAttribute("data-lock-state"));
                assertEquals("1", heartbeatLoops(alice), "the re-rendered component never starts a second loop");
                assertEquals(token, alice.find("input.kickout-lock-token").getDomProperty("value"));
            }
            assertTrue(alice.find("textarea").getDomProperty("value").endsWith("Ajax round 3."));
            assertEquals("false", alice.find("textarea").getDomProperty("readOnly"));
            assertTrue(alice.find(".kickout-lock-status").isDisplayed());

            // the lock is still this page's, and its heartbeats go on after the re-renders
            JsonObject lock = api.get("locks/document/" + id, admin).assertOk(200);
            assertEquals("alice", lock.getJsonObject("holder").getString("username"));
            String beat = lock.getString("lastHeartbeat");
            alice.await(Duration.ofSeconds(5), d -> !beat.equals(api.get("locks/document/" + id, admin).json()
                    .getString("lastHeartbeat")));
            alice.screenshot("faces-8-after-ajax-re-render");

            String text = alice.find("textarea").getDomProperty("value");
            alice.find("input[name$=':save']").click();
            alice.await(d -> d.findElement(By.id("messages")).getText().contains("Saved"));
            JsonObject saved = api.get("app/documents/" + id, admin).assertOk(200);
            assertEquals(before + 1, saved.getJsonNumber("version").longValue(), "the save after the re-renders went through");
            assertEquals(normalized(text), normalized(saved.getString("body")));
            alice.await(editing(true));
            assertEquals("1", heartbeatLoops(alice));
        }
    }

    @Test
    void aFailedHeartbeatIsShownAndClearedAndAForceReleaseEndsTheLockState() {
        String id = "doc-17";
        try (Browser alice = new Browser("faces-alice-heartbeat", base)) {
            editWithoutSaving(alice, "alice", id, "Typed while the network comes and goes.");
            alice.driver.executeScript("""
                    window.kickoutFailures = [];
                    document.addEventListener('kickout:heartbeatfailed', e => window.kickoutFailures.push(e.detail));
                    window.realFetch = window.fetch;
                    window.fetch = (url, init) => {
                        if (window.heartbeatFault && init && init.method === 'PUT' && new URL(url).pathname.endsWith('/heartbeat')) {
                            return window.heartbeatFault();
                        }
                        return window.realFetch(url, init);
                    };
                    window.heartbeatFault = () => Promise.reject(new TypeError('Failed to fetch'));
                    """);
            WebElement root = alice.find(".kickout-edit-lock");
            alice.await(READ_ONLY_WITHIN, d -> "FAILING".equals(root.getDomAttribute("data-lock-state")));
            assertTrue(alice.find(".kickout-lock-trouble").isDisplayed());
            assertTrue(alice.find(".kickout-lock-trouble").getText().contains("could not be renewed"),
                    alice.find(".kickout-lock-trouble").getText());
            assertEquals("NETWORK", alice.driver.executeScript("return window.kickoutFailures[0].code"));
            assertEquals("false", alice.find("textarea").getDomProperty("readOnly"), "the lock may still be held");
            alice.screenshot("faces-9-heartbeat-failing");

            alice.driver.executeScript("window.heartbeatFault = null;");
            alice.await(READ_ONLY_WITHIN, d -> "HELD".equals(root.getDomAttribute("data-lock-state")));
            assertFalse(alice.find(".kickout-lock-trouble").isDisplayed());

            alice.driver.executeScript("window.heartbeatFault = () => Promise.resolve(new Response("
                    + "'{\"status\":503,\"code\":\"STORE_UNAVAILABLE\"}', {status: 503, headers: "
                    + "{'Content-Type': 'application/problem+json'}}));");
            alice.await(READ_ONLY_WITHIN, d -> "FAILING".equals(root.getDomAttribute("data-lock-state")));
            assertEquals(503L, alice.driver.executeScript(
                    "return window.kickoutFailures[window.kickoutFailures.length - 1].status"));
            alice.driver.executeScript("window.heartbeatFault = null;");
            alice.await(READ_ONLY_WITHIN, d -> "HELD".equals(root.getDomAttribute("data-lock-state")));

            String admin = api.login("admin", "api").token();
            api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"Taken for review\"}").assertOk(200);
            alice.await(READ_ONLY_WITHIN, d -> "LOST".equals(root.getDomAttribute("data-lock-state")));
            assertEquals("0", heartbeatLoops(alice), "no heartbeat for a lost lock");
            assertTrue(alice.find(".kickout-lock-lost").isDisplayed());
        }
    }

    @Test
    void theComponentsMarkupUsesOnlyItsOwnClassesAndCarriesTheRestRoot() {
        try (Browser alice = new Browser("faces-alice-markup", base)) {
            alice.open("pages/document-edit.xhtml?id=doc-18");
            signIn(alice, "alice");
            alice.await(editing(true));
            Object foreign = alice.driver.executeScript("return [...document.querySelectorAll('.kickout-edit-lock, "
                    + ".kickout-edit-lock *')].flatMap(e => [...e.classList]).filter(c => !c.startsWith('kickout-'));");
            assertEquals(List.of(), foreign, "classes without the kickout- prefix");
            assertEquals(URI.create(base.toString()).getPath() + "api/",
                    alice.find(".kickout-edit-lock").getDomAttribute("data-api-root"));
        }
    }

    @Test
    void anIdleEditorIsAskedStillEditingThenReleasedForInactivityWithTheDraftKept() {
        String id = "doc-19";
        String admin = api.login("admin", "api").token();
        try (Browser alice = new Browser("faces-alice-idle", base)) {
            alice.open("pages/document-idle.xhtml?id=" + id);
            String draft = typeDraft(alice, "alice", "Typed, then the phone rang.");
            // every prompt counted, however briefly it shows
            alice.driver.executeScript("""
                    window.kickoutStates = [];
                    document.addEventListener('kickout:lockstate', e => window.kickoutStates.push(e.detail));
                    window.kickoutPrompts = 0;
                    const root = document.querySelector('.kickout-edit-lock');
                    let last = root.dataset.expiring;
                    new MutationObserver(() => {
                        if (root.dataset.expiring === 'IDLE' && last !== 'IDLE') { window.kickoutPrompts++; }
                        last = root.dataset.expiring;
                    }).observe(root, { attributes: true, attributeFilter: ['data-expiring'] });
                    """);
            WebElement prompt = alice.find(".kickout-lock-expiring");
            long quiet = System.nanoTime();
            alice.await(Duration.ofSeconds(15), d -> prompt.isDisplayed());
            figure("last keystroke -> Still editing? prompt (idle-timeout PT6S, idle-warning PT4S)", quiet);
            assertEquals("IDLE", alice.find(".kickout-edit-lock").getDomAttribute("data-expiring"));
            assertTrue(prompt.getText().startsWith("Still editing?"), prompt.getText());
            assertEquals("false", alice.find("textarea").getDomProperty("readOnly"), "still held while asked");
            alice.screenshot("faces-10-still-editing");

            Instant deadline = Instant.parse(api.get("locks/document-idle/" + id, admin).assertOk(200).getString("idleAt"));
            alice.find(".kickout-still-editing").click();
            long answered = System.nanoTime();
            alice.await(READ_ONLY_WITHIN, d -> !prompt.isDisplayed());
            Instant moved = Instant.parse(api.get("locks/document-idle/" + id, admin).assertOk(200).getString("idleAt"));
            assertTrue(moved.isAfter(deadline), "the click's heartbeat moved the release: " + deadline + " -> " + moved);
            assertEquals("true", alice.find(".kickout-edit-lock").getDomAttribute("data-editing"));

            // no answer this time: asked again, then released at the new deadline
            alice.await(Duration.ofSeconds(20), d -> editing(false).apply(d) && alice.find(".kickout-lock-lost").isDisplayed());
            figure("answered prompt -> released for inactivity", answered);
            assertEquals(2L, alice.driver.executeScript("return window.kickoutPrompts;"), "asked again before the release");
            WebElement body = alice.find("textarea");
            assertEquals("true", body.getDomProperty("readOnly"));
            assertEquals(draft, body.getDomProperty("value"), "the draft stays in the form");
            assertFalse(alice.find("input[type=submit]").isEnabled(), "save disabled");
            String banner = alice.find(".kickout-lock-lost").getText();
            assertTrue(banner.contains("nothing was typed or clicked here for a while"), banner);
            assertFalse(prompt.isDisplayed(), "no prompt over a released lock");
            assertEquals("IDLE", alice.driver.executeScript("const s = window.kickoutStates;"
                    + "return s.length ? s[s.length - 1].cause : null;"));
            assertEquals(404, api.get("locks/document-idle/" + id, admin).status(), "the lock is free");
            alice.screenshot("faces-11-released-for-inactivity");
        }
    }

    @Test
    void aReaderWaitsInLineSeesWhoIsHereAndTakesTheLockWhenItsTurnComes() {
        String id = "doc-20";
        String admin = api.login("admin", "api").token();
        try (Browser alice = new Browser("faces-alice-queue", base); Browser bob = new Browser("faces-bob-queue", base)) {
            alice.open("pages/document-edit.xhtml?id=" + id);
            typeDraft(alice, "alice", "Alice's paragraph.");
            bob.open("pages/document-edit.xhtml?id=" + id);
            signIn(bob, "bob");
            bob.await(editing(false));
            awaitLiveEvents(bob);
            assertEquals("alice", bob.find(".kickout-holder").getText());
            bob.await(viewer("alice", "EDITING"));
            alice.await(viewer("bob", "READING"));
            assertTrue(bob.find(".kickout-viewers").getText().contains("alice (editing, since"), bob.find(".kickout-viewers").getText());

            bob.find(".kickout-queue-join").click();
            bob.await(d -> "1".equals(d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-queue-position")));
            assertEquals("You are next in line.", bob.find(".kickout-queue-place").getText());
            assertTrue(bob.find(".kickout-queue-leave").isDisplayed());
            assertFalse(bob.find(".kickout-queue-join").isDisplayed());
            alice.await(viewer("bob", "WAITING"));
            bob.screenshot("faces-12-bob-waits-in-line");
            alice.screenshot("faces-12b-alice-sees-bob-waiting");

            // alice leaves the page, which releases the lock: bob's turn
            long left = System.nanoTime();
            alice.open("pages/documents.xhtml");
            WebElement turn = bob.await(READ_ONLY_WITHIN, d -> {
                WebElement box = d.findElement(By.cssSelector(".kickout-turn"));
                return box.isDisplayed() ? box : null;
            });
            figure("holder leaves -> Your turn", left);
            assertTrue(turn.getText().contains("Your turn: the document is kept for you until"), turn.getText());
            assertFalse(bob.find(".kickout-edit-lock").getDomAttribute("data-reserved-until").isEmpty());
            JsonObject refused = api.post("locks/document/" + id, admin, null).assertProblem(423, "LOCK_HELD");
            assertEquals("bob", refused.getJsonObject("holder").getString("username"), "kept for bob: " + refused);
            bob.screenshot("faces-13-bob-your-turn");
            // alice back on the view meanwhile: read-only, the record kept for bob
            alice.open("pages/document-edit.xhtml?id=" + id);
            alice.await(editing(false));
            assertEquals("bob", alice.find(".kickout-holder").getText());
            String kept = alice.find(".kickout-lock-status").getText();
            assertTrue(kept.contains("may edit this document next: it is kept for them until"), kept);
            alice.screenshot("faces-13b-alice-reads-the-record-kept-for-bob");

            bob.find(".kickout-take").click();
            bob.await(editing(true));
            assertEquals("bob", api.get("locks/document/" + id, admin).assertOk(200).getJsonObject("holder").getString("username"));
            assertEquals("false", bob.find("textarea").getDomProperty("readOnly"));
            assertTrue(bob.find("input[type=submit]").isEnabled());
            bob.screenshot("faces-14-bob-edits");
        }
    }

    @Test
    void theHolderAcceptsARequestToHandOverAndTheFormTurnsReadOnlyWithTheDraftKept() {
        String id = "doc-10";
        String admin = api.login("admin", "api").token();
        try (Browser alice = new Browser("faces-alice-handover", base); Browser bob = new Browser("faces-bob-handover", base)) {
            alice.open("pages/document-edit.xhtml?id=" + id);
            String draft = typeDraft(alice, "alice", "Alice's half-written paragraph.");
            bob.open("pages/document-edit.xhtml?id=" + id);
            signIn(bob, "bob");
            bob.await(editing(false));
            awaitLiveEvents(bob);

            String message = "Need to fix the totals before 5 pm";
            bob.find(".kickout-handover-text").sendKeys(message);
            long asked = System.nanoTime();
            bob.find(".kickout-handover-send").click();
            WebElement request = alice.await(READ_ONLY_WITHIN, d -> {
                WebElement box = d.findElement(By.cssSelector(".kickout-handover-request"));
                return box.isDisplayed() ? box : null;
            });
            figure("hand-over asked -> shown to the holder", asked);
            assertEquals("bob", request.findElement(By.cssSelector(".kickout-handover-from")).getText());
            assertEquals(message, request.findElement(By.cssSelector(".kickout-handover-message")).getText());
            bob.await(d -> d.findElement(By.cssSelector(".kickout-handover-result")).getText().startsWith("Asked."));
            assertEquals("1", bob.find(".kickout-edit-lock").getDomAttribute("data-queue-position"), "asking joined the line");
            alice.screenshot("faces-15-alice-asked-to-hand-over");

            long accepted = System.nanoTime();
            request.findElement(By.cssSelector(".kickout-handover-accept")).click();
            alice.await(READ_ONLY_WITHIN, d -> editing(false).apply(d) && alice.find(".kickout-lock-lost").isDisplayed());
            WebElement body = alice.find("textarea");
            assertEquals("true", body.getDomProperty("readOnly"));
            assertEquals(draft, body.getDomProperty("value"), "the draft stays in the form");
            assertFalse(alice.find("input[type=submit]").isEnabled(), "save disabled");
            String banner = alice.find(".kickout-lock-lost").getText();
            assertTrue(banner.contains("You handed the document over to bob."), banner);
            alice.screenshot("faces-16-alice-handed-over");

            bob.await(READ_ONLY_WITHIN, d -> d.findElement(By.cssSelector(".kickout-turn")).isDisplayed());
            figure("hand-over accepted -> the asker's turn", accepted);
            assertEquals("They agreed to hand over.", bob.find(".kickout-handover-result").getText());
            bob.screenshot("faces-17-bob-handed-the-lock");
            bob.find(".kickout-take").click();
            bob.await(editing(true));
            assertEquals("bob", api.get("locks/document/" + id, admin).assertOk(200).getJsonObject("holder").getString("username"));
        }
    }

    private static ExpectedCondition<Boolean> viewer(String username, String role) {
        return (WebDriver d) -> d.findElements(By.cssSelector(".kickout-viewers li.kickout-viewer[data-role='" + role + "']"))
                .stream().anyMatch(item -> item.isDisplayed()
                        && username.equals(item.findElement(By.cssSelector(".kickout-viewer-name")).getText()));
    }

    /** On the edit view {@code browser} opened: signs in as {@code user}, waits for the lock and live events, types: the draft. */
    private static String typeDraft(Browser browser, String user, String paragraph) {
        signIn(browser, user);
        browser.await(editing(true));
        awaitLiveEvents(browser);
        WebElement body = browser.find("textarea");
        body.sendKeys(Keys.END, "\n" + paragraph);
        return body.getDomProperty("value");
    }

    private static String heartbeatLoops(Browser browser) {
        return browser.find("html").getDomAttribute("data-kickout-heartbeats");
    }

    /** On the sign-in page the token filter sent the browser to: fills in the form and submits it. */
    private static void signIn(Browser browser, String user) {
        browser.await(d -> d.getCurrentUrl().contains("signin"));
        WebElement form = browser.await(d -> d.findElement(By.cssSelector("form")));
        form.findElement(By.name("username")).sendKeys(user);
        form.findElement(By.name("password")).sendKeys(user);
        for (WebElement device : form.findElements(By.name("deviceType"))) {
            if ("select".equals(device.getTagName())) {
                new Select(device).selectByValue("web");
            }
        }
        form.findElement(By.cssSelector("button[type=submit], input[type=submit], button:not([type])")).click();
        browser.await(d -> !d.getCurrentUrl().contains("signin"));
    }

    /** The page's event stream is open, so a server event from now on reaches it. */
    /** Opens the record's edit view as {@code user}, waits for the lock and the live events, types a paragraph: the draft. */
    private static String editWithoutSaving(Browser browser, String user, String id, String paragraph) {
        browser.open("pages/document-edit.xhtml?id=" + id);
        signIn(browser, user);
        browser.await(editing(true));
        awaitLiveEvents(browser);
        WebElement body = browser.find("textarea");
        body.sendKeys(Keys.END, "\n" + paragraph);
        return body.getDomProperty("value");
    }

    private static void awaitLiveEvents(Browser browser) {
        browser.await(d -> "open".equals(d.findElement(By.tagName("html")).getDomAttribute("data-kickout-connection")));
    }

    private static ExpectedCondition<Boolean> editing(boolean editing) {
        return (WebDriver d) -> String.valueOf(editing).equals(
                d.findElement(By.cssSelector(".kickout-edit-lock")).getDomAttribute("data-editing"));
    }

    /** Form posts send CRLF line breaks; HTML drops a leading one in a textarea. */
    private static String normalized(String text) {
        return text.replace("\r\n", "\n").replaceFirst("^\n", "");
    }

    private static void figure(String what, long startNanos) {
        System.out.printf("[figure] faces %s: %s %d ms%n", SERVER, what, (System.nanoTime() - startNanos) / 1_000_000);
    }
}
