package dev.kickout.it.ui;

import dev.kickout.it.http.Deployments;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ChineseFlows} against Arquillian's instance, directly. */
@ExtendWith(Chromium.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ChineseUiIT extends ChineseFlows {

    @Deployment(testable = false)
    static WebArchive deployment() {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.put("kickout.key-prefix", "zh");
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
}
