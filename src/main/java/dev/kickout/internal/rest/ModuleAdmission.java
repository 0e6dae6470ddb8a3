package dev.kickout.internal.rest;

import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/**
 * Marks a request as arriving through an Application that registered the module (its own, or a host's
 * through {@code KickoutResources}), unless {@code kickout.enabled=false}; {@link ModuleGate} lets only
 * marked requests reach a module endpoint. It only sets a request property: host requests are unchanged.
 * (Two concrete beans on an abstract base, so that the container finds exactly one bean per class.)
 */
public abstract class ModuleAdmission implements ContainerRequestFilter {

    private static final String ADMITTED = "dev.kickout.admitted";

    @Inject
    KickoutConfig config;

    /** Whether this Application serves the module at all (the module's own can be switched off). */
    abstract boolean serves();

    @Override
    public void filter(ContainerRequestContext request) {
        if (config.enabled() && serves()) {
            request.setProperty(ADMITTED, Boolean.TRUE);
        }
    }

    static boolean admitted(ContainerRequestContext request) {
        return Boolean.TRUE.equals(request.getProperty(ADMITTED));
    }

    /** The admission of a host's Application that lists {@code KickoutResources#classes()}. */
    @ApplicationScoped
    @PreMatching
    public static class Host extends ModuleAdmission {

        @Override
        boolean serves() {
            return true;
        }
    }

    /** The admission of {@code KickoutApplication}: none with {@code kickout.rest.own-application=false}. */
    @ApplicationScoped
    @PreMatching
    public static class Own extends ModuleAdmission {

        @Override
        boolean serves() {
            return config.restOwnApplication();
        }
    }
}
