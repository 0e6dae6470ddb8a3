package dev.kickout.internal.security;

import jakarta.annotation.Priority;
import jakarta.annotation.security.DenyAll;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.security.enterprise.SecurityContext;

/**
 * {@link RolesAllowedInterceptor}'s check for beans and methods that carry {@code @DenyAll} without any
 * {@code @RolesAllowed}: an interceptor binds only where all its bindings are, so {@code @DenyAll} needs
 * its own. Exists only in container security mode ({@link ContainerSecuritySwitch}).
 */
@Interceptor
@DenyAll
@Priority(Interceptor.Priority.LIBRARY_BEFORE)
public class DenyAllInterceptor {

    @Inject
    SecurityContext security;

    @AroundInvoke
    Object check(InvocationContext invocation) throws Exception {
        return RolesAllowedInterceptor.check(invocation, security);
    }
}
