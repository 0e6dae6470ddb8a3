package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebXmlTest {

    @ParameterizedTest
    @ValueSource(strings = {"<web-app><distributable/></web-app>", "<web-app>\n  <distributable />\n</web-app>",
            "<web-app><distributable></distributable></web-app>", "<j:web-app><j:distributable/></j:web-app>"})
    void distributableAppsAreKnown(String webXml) {
        assertTrue(WebXml.distributable(webXml));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<web-app/>", "<web-app><!-- <distributable/> --></web-app>",
            "<web-app><!--\n<distributable/>\n--><display-name>distributable</display-name></web-app>", ""})
    void othersAreNot(String webXml) {
        assertFalse(WebXml.distributable(webXml));
    }
}
