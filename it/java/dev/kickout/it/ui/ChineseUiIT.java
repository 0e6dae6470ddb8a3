package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Deployments;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * {@link ChineseFlows} against Arquillian's instance, directly; and here only (not through nginx, to keep the
 * suite's time) the release on inactivity, in Chinese and in English side by side. This deployment releases an
 * idle document lock after {@link #IDLE_TIMEOUT} and warns {@link #IDLE_WARNING} before: short enough for a
 * quick test, long enough for the flows above, whose pages type and are acted on within a few seconds.
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ChineseUiIT extends ChineseFlows {

    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(8);
    private static final Duration IDLE_WARNING = Duration.ofSeconds(4);
    /** The server looks for idle locks every second (kickout.lock.watch-interval); the rest is margin for a busy machine. */
    private static final Duration LATE = Duration.ofSeconds(4);

    @Deployment(testable = false)
    static WebArchive deployment() {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("kickout.key-prefix", "zh");
        settings.put("kickout.lock.type.document.idle-timeout", IDLE_TIMEOUT.toString());
        settings.put("kickout.lock.type.document.idle-warning", IDLE_WARNING.toString());
        return Deployments.referenceWar(settings);
    }

    @ArquillianResource
    URL base;

    @Override
    URL base() {
        return base;
    }

    @Override
    String prefix() {
        return "";
    }

    @Override
    String where() {
        return "";
    }

    /**
     * Alice (Chinese) and carol (English) type, then leave their editors alone: "Still editing?" appears; one
     * click keeps the lock (its time of release moves on); left alone again, the editor turns read-only and
     * keeps the unsaved text, saying why.
     */
    @Test
    void anIdleEditorIsAskedWhetherItIsStillEditingThenReleasedWithItsDraftKept() {
        try (Browser alice = new Browser("zh-alice-idle", base, "zh-CN"); Browser carol = new Browser("carol-idle", base)) {
            List<Editor> editors = List.of(new Editor(alice, "alice", "doc-12", "zh-7", "\n闲置前写下的段落。"),
                    new Editor(carol, "carol", "doc-13", "13", "\nA paragraph written before going quiet."));
            editors.forEach(editor -> editor.browser.signIn(editor.user, "web"));
            for (Editor editor : editors) {
                editor.browser.open("editor.html?id=" + editor.document);
                editor.browser.await(BrowserFlows.editing(true));
                editor.browser.awaitLiveEvents();
            }
            for (Editor editor : editors) {
                editor.body().sendKeys(Keys.END, editor.text);
                editor.draft = editor.body().getDomProperty("value");
                editor.typedAt = System.nanoTime();
            }
            String admin = api.login("admin", "api").token();

            for (Editor editor : editors) {
                WebElement prompt = editor.browser.await(IDLE_TIMEOUT.plus(LATE), d -> BrowserFlows.prompt(d, "expiring"));
                figure("typing stopped -> 'Still editing?' (" + editor.user + ", idle-warning " + IDLE_WARNING.toSeconds()
                        + " s before an idle-timeout of " + IDLE_TIMEOUT.toSeconds() + " s)", editor.typedAt);
                assertTrue(prompt.getText().contains(editor.user.equals("alice") ? "还在编辑吗？" : "Still editing?"), prompt.getText());
                assertEquals("true", editor.browser.find("body").getDomAttribute("data-editing"));
                editor.browser.screenshot(editor.shot + "a-still-editing-prompt");
                Instant before = idleAt(admin, editor.document);

                long start = System.nanoTime();
                prompt.findElement(By.cssSelector("button.kickout-primary")).click();
                editor.browser.await(Duration.ofSeconds(2), d -> BrowserFlows.prompt(d, "expiring") == null);
                figure("'Still editing?' clicked -> prompt gone, the heartbeat answered (" + editor.user + ")", start);
                editor.idleAt = idleAt(admin, editor.document);
                assertTrue(editor.idleAt.isAfter(before), "the click moved the time of release: " + before + " -> " + editor.idleAt);
            }

            for (Editor editor : editors) {
                Duration left = Duration.between(Instant.now(), editor.idleAt);
                editor.browser.await(left.plus(LATE), d -> "false".equals(d.findElement(By.tagName("body")).getDomAttribute("data-editing"))
                        && d.findElement(By.id("lock-lost")).isDisplayed());
                System.out.printf("[figure] ui zh-CN: idleAt -> %s's editor read-only in %d ms%n", editor.user,
                        Duration.between(editor.idleAt, Instant.now()).toMillis());
                WebElement notice = editor.browser.find("#lock-lost");
                assertEquals("IDLE", notice.getDomAttribute("data-cause"));
                assertTrue(notice.getText().contains(editor.user.equals("alice") ? "此页面长时间无操作，您的编辑锁已释放。"
                        : "Your edit lock was released because nothing happened on this page for a while."), notice.getText());
                assertEquals(editor.draft, editor.body().getDomProperty("value"), "the unsaved text stays in the editor");
                assertEquals("true", editor.body().getDomProperty("readOnly"));
                editor.browser.screenshot(editor.shot + "b-released-for-inactivity");
            }
            assertEquals(404, api.get("locks/document/doc-12", admin).status(), "released, not only shown so");
        }
    }

    private Instant idleAt(String token, String document) {
        return Instant.parse(api.get("locks/document/" + document, token).assertOk(200).getString("idleAt"));
    }

    /** One person's editor in the flow above. */
    private static final class Editor {
        final Browser browser;
        final String user;
        final String document;
        final String shot;
        final String text;
        String draft;
        long typedAt;
        Instant idleAt;

        Editor(Browser browser, String user, String document, String shot, String text) {
            this.browser = browser;
            this.user = user;
            this.document = document;
            this.shot = shot;
            this.text = text;
        }

        WebElement body() {
            return browser.driver.findElement(By.id("body"));
        }
    }
}
