package dev.kickout.demo;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * The reference app answers like the module: JSON-B bodies and problem+json for every error, routing
 * errors included. A host that wants its own error answers leaves this out.
 */
@Provider
public class DemoProviders implements Feature {

    @Override
    public boolean configure(FeatureContext context) {
        // the @Provider ones (ModuleGate, KickoutExceptionMapper) come with the Application's scan
        KickoutResources.providers().stream().filter(c -> !c.isAnnotationPresent(Provider.class)).forEach(context::register);
        KickoutResources.errorProviders().forEach(context::register);
        return true;
    }
}
