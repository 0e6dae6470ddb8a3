package dev.kickout.it.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Deployments;
import dev.kickout.it.host.HostIdentityStore;
import java.net.URI;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;

/**
 * The browser client in a host that keeps the module's default REST root ({@code <context>/kickout/api}, no
 * mapping in web.xml) and passes no {@code apiRoot}: it finds the root by itself, signs in and calls the API;
 * a page's {@code <meta name="kickout-api">} is followed too. (The reference WAR, root {@code /api}, is the
 * other case: its pages pass no {@code apiRoot} either, see BrowserUiIT.)
 */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ClientRootUiIT {

    private static final String PROBE = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"/><title>probe</title>%s</head>
            <body><pre id="out">waiting</pre>
            <script type="module">
            import { KickoutClient } from './kickout/kickout-client.js';
            const out = document.getElementById('out');
            const client = new KickoutClient({ modal: false });
            const root = new URL(await client.apiRoot()).pathname;
            try {
                await client.login('clerk', 'clerk-pw', 'web');
                const me = await client.call('GET', 'auth/me');
                out.textContent = root + ' ' + me.username;
            } catch (e) {
                out.textContent = root + ' failed: ' + e;
            }
            </script></body></html>
            """;

    @Deployment(testable = false)
    static WebArchive deployment() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "clientroot.war")
                .addClasses(HostIdentityStore.class)
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .addAsResource(new StringAsset("kickout.key-prefix=clientroot\n"), "META-INF/microprofile-config.properties")
                .add(new StringAsset(PROBE.formatted("")), "probe.html")
                .add(new StringAsset(PROBE.formatted("<meta name=\"kickout-api\" content=\"elsewhere/api/\"/>")),
                        "meta-probe.html");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    @Test
    void theClientFindsTheDefaultRootWithoutConfiguration() {
        String context = URI.create(base.toString()).getPath();
        try (Browser browser = new Browser("client-root-default", base)) {
            browser.open("probe.html");
            assertEquals(context + "kickout/api/ clerk", result(browser));
        }
    }

    @Test
    void aMetaTagNamesTheRoot() {
        String context = URI.create(base.toString()).getPath();
        try (Browser browser = new Browser("client-root-meta", base)) {
            browser.open("meta-probe.html");
            String result = result(browser);
            assertTrue(result.startsWith(context + "elsewhere/api/ failed"), result);
        }
    }

    private static String result(Browser browser) {
        return browser.await(d -> {
            String text = d.findElement(By.id("out")).getText();
            return text.equals("waiting") ? null : text;
        });
    }
}
