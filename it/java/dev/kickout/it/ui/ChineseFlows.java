package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;

/**
 * The kick and lock-loss flows with Chromium in Simplified Chinese ({@code --lang=zh-CN} and
 * {@code intl.accept_languages=zh-CN}): the reference pages, the client's modal and banners in
 * Chinese, and the API answering the same browser with Chinese problem details. Screenshots:
 * {@code target/ui-screenshots/zh-*.png}.
 * <p>
 * The flows only; a subclass says where the app runs ({@link #base()}): {@link ChineseUiIT} on Arquillian's
 * instance, {@link ProxyBrowserUiIT} through nginx. Each deploys the app with {@link #SETTINGS} and its own
 * key prefix.
 */
abstract class ChineseFlows {

    /** The app's settings the flows rely on, besides {@code kickout.key-prefix}. */
    static final Map<String, String> SETTINGS = Map.of("kickout.login.policy", "PER_DEVICE_TYPE");

    /** Generous: the machine is shared; the English BrowserUiIT holds the 1 s latency claims. */
    private static final Duration EVENT_WAIT = Duration.ofSeconds(10);

    Api api;

    /** The app's context root, e.g. {@code http://127.0.0.1:8180/kickout/}. */
    abstract URL base();

    /** Prefix of this class's screenshots and browser names (so two subclasses keep apart), e.g. {@code "proxy-"}. */
    abstract String prefix();

    /** Where the flows ran, for the printed figures, e.g. {@code " through nginx"}. */
    abstract String where();

    @BeforeEach
    void setUp() {
        api = new Api(base());
    }

    @Test
    void aKickedUserReadsWhyInChinese() {
        try (Browser bob = browser("zh-bob-kicked")) {
            bob.signIn("bob", "web");
            bob.await(d -> d.findElement(By.cssSelector("main h1")).getText().equals("文档"));
            assertEquals("zh-CN", bob.find("html").getDomAttribute("lang"));
            assertTrue(bob.find("#documents thead").getText().contains("编辑锁"), bob.find("#documents thead").getText());
            bob.open("editor.html?id=order-10086");
            bob.await(editing(true));
            bob.awaitLiveEvents();
            assertTrue(bob.find("#lock-status").getText().contains("您正在编辑"), bob.find("#lock-status").getText());
            assertTrue(bob.find("header.bar").getText().contains("退出登录"), bob.find("header.bar").getText());
            bob.find("#body").sendKeys(Keys.END, "\n未保存的备注。");
            String token = (String) bob.driver.executeScript("return JSON.parse(localStorage.getItem('kickout.session')).token");
            bob.screenshot(prefix() + "zh-1-bob-editing");

            String admin = api.login("admin", "api").token();
            long start = System.nanoTime();
            api.post("admin/users/bob/logout", admin, "{\"reason\":\"账号存在异常操作\",\"deviceType\":\"web\"}").assertOk(200);
            WebElement modal = bob.await(EVENT_WAIT, d -> {
                WebElement dialog = d.findElement(By.cssSelector("dialog.kickout-modal"));
                return dialog.isDisplayed() ? dialog : null;
            });
            figure("kick -> bob's modal in Chinese", start);
            String text = modal.getText();
            assertEquals("KICKED", modal.getDomAttribute("data-code"));
            assertEquals("您已被强制下线", modal.findElement(By.tagName("h2")).getText());
            assertTrue(text.contains("您已被管理员") && text.contains("强制下线。"), text);
            assertTrue(text.contains("原因：账号存在异常操作"), text);
            assertTrue(text.contains("尚未保存的内容仍在此页面上"), text);
            assertEquals("重新登录", modal.findElement(By.cssSelector(".kickout-modal-signin")).getText());
            assertTrue(bob.find("#body").getDomProperty("value").contains("未保存的备注。"), "the draft stays");
            bob.screenshot(prefix() + "zh-2-bob-kicked");

            // the API answers this browser (its own Accept-Language) in Chinese, with the same code
            @SuppressWarnings("unchecked")
            Map<String, Object> problem = (Map<String, Object>) bob.driver.executeAsyncScript("""
                    const done = arguments[arguments.length - 1];
                    fetch('api/auth/status', { headers: { Authorization: 'Bearer ' + arguments[0] } })
                        .then(r => r.json()).then(done, e => done({ error: String(e) }));""", token);
            assertEquals("KICKED", problem.get("code"), problem::toString);
            assertEquals("您已被管理员强制下线", problem.get("detail"), problem::toString);
            assertEquals("账号存在异常操作", problem.get("reason"), "data stays as it was given");
        }
    }

    @Test
    void aForceReleasedEditorSaysSoInChineseAndKeepsTheDraft() {
        try (Browser alice = browser("zh-alice-lock")) {
            alice.signIn("alice", "web");
            alice.open("editor.html?id=contract-7");
            alice.await(editing(true));
            alice.awaitLiveEvents();
            assertEquals("保存", alice.find("#save").getText());
            WebElement body = alice.find("#body");
            body.sendKeys(Keys.END, "\n违约金条款：逾期 30 天后适用。");
            String draft = body.getDomProperty("value");
            alice.screenshot(prefix() + "zh-3-alice-editing");

            String admin = api.login("admin", "api").token();
            long start = System.nanoTime();
            api.post("admin/locks/document/contract-7/release", admin, "{\"reason\":\"合同正在法务审核\"}").assertOk(200);
            alice.await(EVENT_WAIT, d -> editing(false).apply(d) && alice.find("#lock-lost").isDisplayed());
            figure("force release -> alice's editor read-only in Chinese", start);

            String notice = alice.find("#lock-lost").getText();
            assertTrue(notice.contains("编辑锁已被管理员") && notice.contains("释放"), notice);
            assertTrue(notice.contains("原因：合同正在法务审核"), notice);
            assertTrue(notice.contains("尚未保存的内容仍在下方"), notice);
            assertEquals("复制我的内容", alice.find("#copy-draft").getText());
            assertEquals("true", body.getDomProperty("readOnly"));
            assertEquals(draft, body.getDomProperty("value"), "the unsaved text stays in the editor");
            alice.screenshot(prefix() + "zh-4-alice-lock-released");
        }
    }

    private Browser browser(String name) {
        return new Browser(prefix() + name, base(), "zh-CN");
    }

    void figure(String what, long startNanos) {
        System.out.printf("[figure] ui zh-CN%s: %s in %d ms%n", where(), what, (System.nanoTime() - startNanos) / 1_000_000);
    }

    private static ExpectedCondition<Boolean> editing(boolean editing) {
        return (WebDriver d) -> String.valueOf(editing).equals(
                d.findElement(By.tagName("body")).getDomAttribute("data-editing"));
    }
}
