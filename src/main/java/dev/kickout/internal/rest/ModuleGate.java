package dev.kickout.internal.rest;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
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
 * <p>
 * The check also runs what the token filter left for a module endpoint ({@link #DEFERRED_CHECK}): a request
 * the container's {@code HttpSession} authenticates is known to be one of the module's only here when a host's
 * Application serves the module, and its unsafe methods need the CSRF token all the same.
 */
@Provider
public class ModuleGate implements DynamicFeature {

    /**
     * Request attribute: a {@link Runnable} that the token filter leaves for the module's endpoints, which
     * throws the request's refusal (a missing CSRF token).
     */
    public static final String DEFERRED_CHECK = "dev.kickout.deferredCheck";

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

        @Context
        HttpServletRequest servletRequest;

        @Override
        public void filter(ContainerRequestContext request) {
            if (!ModuleAdmission.admitted(request)) {
                throw new NotFoundException();
            }
            if (servletRequest != null && servletRequest.getAttribute(DEFERRED_CHECK) instanceof Runnable check) {
                check.run();
            }
        }
    }
}
