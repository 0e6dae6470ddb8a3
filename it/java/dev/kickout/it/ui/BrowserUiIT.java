package dev.kickout.it.ui;

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
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link BrowserFlows} against Arquillian's instance, directly. */
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
}
