package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Deployments;
import java.net.URI;
import java.net.URL;
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
 * {@link BrowserFlows} against Arquillian's instance, directly; and here only (not through nginx, to keep the
 * suite's time) the hand-over between two people who each read their own language.
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BrowserUiIT extends BrowserFlows {

    @Deployment(testable = false)
    static WebArchive deployment() {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("kickout.key-prefix", "ui");
        return Deployments.referenceWar(settings);
    }

    @ArquillianResource
    URL base;

    @Override
    URL base() {
        return base;
    }

    @Override
    List<URI> instances() {
        return List.of(URI.create(base.toString()));
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
     * Bob (reading Chinese), queued behind alice (the admin console lists him waiting), asks her with a message to
     * hand the document over; her page shows who asks and why; she accepts, and her editor turns read-only with her unsaved text kept, while bob's page
     * offers him the turn, which he takes.
     */
    @Test
    void anAcceptedHandOverLeavesTheHolderReadOnlyWithHerDraftAndOffersTheRequesterTheTurn() {
        try (Browser alice = new Browser("alice-handover", base); Browser bob = new Browser("zh-bob-handover", base, "zh-CN")) {
            alice.signIn("alice", "web");
            bob.signIn("bob", "web");
            alice.open("editor.html?id=doc-11");
            alice.await(editing(true));
            alice.awaitLiveEvents();
            WebElement body = alice.find("#body");
            body.sendKeys(Keys.END, "Alice's unsaved paragraph: prices valid until March.");
            String draft = body.getDomProperty("value");

            bob.open("editor.html?id=doc-11");
            // the status is drawn anew when what it says changes: read and click it through await, which asks again
            assertEquals("alice", bob.await(d -> d.findElement(By.id("holder")).getText()));
            bob.awaitLiveEvents();
            bob.await(d -> click(d.findElement(By.id("wait"))));
            String place = bob.await(d -> d.findElement(By.id("waiting")).getText());
            assertTrue(place.contains("您排在下一位（共 1 人等待）"), place);
            // the list is drawn anew with every presence call: read it in one go
            String viewers = bob.await(d -> d.findElements(By.cssSelector("#viewers li")).size() == 2
                    ? d.findElement(By.cssSelector("#viewers li[data-user='alice'][data-role='EDITING']")).getText() + "|"
                    + d.findElement(By.cssSelector("#viewers li[data-user='bob'][data-role='WAITING']")).getText() : null);
            assertTrue(viewers.matches("alice · 编辑中 · .*起在此\\|bob（您） · 排队中 · .*起在此"), viewers);
            try (Browser admin = new Browser("admin-queues", base)) {
                admin.signIn("admin", "web");
                admin.await(d -> d.getCurrentUrl().endsWith("admin.html"));
                String queue = admin.await(d -> d.findElement(By.cssSelector("tr[data-queue='document/doc-11']")).getText());
                assertTrue(queue.matches("document / doc-11\\s+alice\\s+bob since .*"), queue);
                admin.screenshot("11a-admin-waiting-queues");
            }
            bob.await(d -> type(d.findElement(By.id("handover-message")), "客户在等这份报价，我需要马上改一下。"));
            bob.screenshot("zh-5-bob-queued-asks-for-handover");

            long start = System.nanoTime();
            bob.await(d -> click(d.findElement(By.id("ask-handover"))));
            WebElement request = alice.await(ONE_SECOND, d -> prompt(d, "handover"));
            figure("hand-over asked -> holder's prompt", start);
            assertTrue(request.getText().contains("bob asks you to hand this record over"), request.getText());
            assertTrue(request.getText().contains("客户在等这份报价"), request.getText());
            alice.screenshot("11-alice-handover-request");

            start = System.nanoTime();
            request.findElement(By.cssSelector("button.kickout-primary")).click();
            alice.await(ONE_SECOND, d -> editing(false).apply(d) && alice.find("#lock-lost").isDisplayed());
            figure("hand-over accepted -> holder's editor read-only", start);
            WebElement turn = bob.await(ONE_SECOND, d -> prompt(d, "reserved"));
            figure("hand-over accepted -> requester's turn prompt", start);
            assertEquals("HANDED_OVER", alice.find("#lock-lost").getDomAttribute("data-cause"));
            assertTrue(alice.find("#lock-lost").getText().contains("You handed this record over to bob."),
                    alice.find("#lock-lost").getText());
            assertEquals(draft, body.getDomProperty("value"), "the unsaved text stays in the editor");
            assertEquals("true", body.getDomProperty("readOnly"));
            assertTrue(turn.getText().contains("轮到您了：现在编辑"), turn.getText());
            alice.screenshot("12-alice-handed-over");
            bob.screenshot("zh-6-bob-turn-after-handover");

            start = System.nanoTime();
            turn.findElement(By.cssSelector("button.kickout-primary")).click();
            bob.await(ONE_SECOND, editing(true));
            figure("turn taken after the hand-over -> requester's editor editable", start);
        }
    }
}
