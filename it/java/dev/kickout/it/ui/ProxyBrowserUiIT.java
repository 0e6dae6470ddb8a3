package dev.kickout.it.ui;

import dev.kickout.it.proxy.ProxyStack;
import dev.kickout.it.support.NginxProcess;
import dev.kickout.it.support.WildFlyProcess;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The browser flows of {@link BrowserUiIT} and {@link ChineseUiIT} through a real nginx ({@link ProxyStack},
 * started once for the class and shared by both): round-robin over two instances, so consecutive requests of
 * one page (its scripts, the sign-in, the ticket, the event stream, the admin console's calls) land on
 * different instances, and a server event raised on one instance reaches a page whose stream is held by the
 * other. Screenshots {@code target/ui-screenshots/proxy-*.png}. WildFly only, like every proxy test.
 */
@ExtendWith(Chromium.class)
@ExtendWith(NginxProcess.Installed.class)
class ProxyBrowserUiIT {

    private static final String PREFIX = "proxy-";
    private static final String WHERE = " through nginx";

    static ProxyStack stack;

    @BeforeAll
    static void start() {
        Map<String, String> settings = new HashMap<>(BrowserFlows.SETTINGS);
        settings.putAll(ChineseFlows.SETTINGS);
        settings.put("kickout.key-prefix", "uiproxy");
        stack = ProxyStack.start("flows", settings);
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    static URL base() {
        try {
            return stack.contextRoot().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Nested
    class English extends BrowserFlows {

        @Override
        URL base() {
            return ProxyBrowserUiIT.base();
        }

        @Override
        List<URI> instances() {
            return stack.instances().stream().map(WildFlyProcess::contextRoot).toList();
        }

        @Override
        String prefix() {
            return PREFIX;
        }

        @Override
        String where() {
            return WHERE;
        }
    }

    @Nested
    class Chinese extends ChineseFlows {

        @Override
        URL base() {
            return ProxyBrowserUiIT.base();
        }

        @Override
        String prefix() {
            return PREFIX;
        }

        @Override
        String where() {
            return WHERE;
        }
    }
}
