package dev.kickout.internal.rest;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * Keeps the module's endpoints out of Applications that did not ask for them. Jakarta REST puts every
 * {@code @Path} class of the WAR, the module jar's included, into an Application whose
 * {@code getClasses()} is empty (a host's scanning {@code @ApplicationPath("api")}), so
 * {@code /api/auth/login} would answer there. This feature, a {@code @Provider}, is
 * picked up by such a scan too and binds a check to the module's resource methods only: a request that
 * {@link ModuleAdmission} did not let in (it is registered only by {@code KickoutResources}) is a plain
 * {@link NotFoundException}, which the host's own error handling answers as it answers any unknown path.
 * The host's own resources get nothing. With {@code kickout.enabled=false} nothing is let in anywhere.
 */
@Provider
public class ModuleGate implements DynamicFeature {

    /** Every endpoint of the module lives here; the reference app's and the host's do not. */
    private static final String MODULE = "dev.kickout.internal.";

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        if (resource.getResourceClass().getPackageName().startsWith(MODULE)) {
            context.register(Check.class, Priorities.AUTHENTICATION - 100);
        }
    }

    /** The check bound to each module resource method. */
    public static class Check implements ContainerRequestFilter {

        @Override
        public void filter(ContainerRequestContext request) {
            if (!ModuleAdmission.admitted(request)) {
                throw new NotFoundException();
            }
        }
    }
}
