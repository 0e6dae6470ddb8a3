package dev.kickout.internal.security;

import jakarta.annotation.Priority;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJBAccessException;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.Singleton;
import jakarta.ejb.Stateful;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.security.enterprise.SecurityContext;
import java.lang.reflect.Method;
import java.util.Set;

/**
 * Container security mode: {@code @RolesAllowed}, {@code @PermitAll} and {@code @DenyAll} on plain
 * CDI beans, which neither WildFly 39 nor Payara 6 enforces (Jakarta EE 10 does so for EJBs only).
 * The caller's roles are the container's ({@link SecurityContext#isCallerInRole}), so the host's
 * group names; a refusal is the {@link EJBAccessException} an EJB would throw, so legacy code that
 * handles one handles both. EJBs are left to their container. {@link ContainerSecuritySwitch}
 * makes {@code @RolesAllowed} a binding (members ignored) in the mode, and removes this class otherwise;
 * {@link DenyAllInterceptor} does the same for a bean or method that carries {@code @DenyAll} alone.
 * Which annotation rules a method: {@link RoleRule}.
 */
@Interceptor
@RolesAllowed({})
@Priority(Interceptor.Priority.LIBRARY_BEFORE)
public class RolesAllowedInterceptor {

    @Inject
    SecurityContext security;

    @AroundInvoke
    Object check(InvocationContext invocation) throws Exception {
        return check(invocation, security);
    }

    /** Proceeds if the caller may call the method; else the refusal an EJB would give. */
    static Object check(InvocationContext invocation, SecurityContext security) throws Exception {
        if (isEjb(invocation.getTarget().getClass()) || allowed(invocation.getMethod(), security)) {
            return invocation.proceed();
        }
        throw new EJBAccessException("The caller may not call " + invocation.getMethod().getDeclaringClass().getName()
                + "." + invocation.getMethod().getName());
    }

    private static boolean allowed(Method method, SecurityContext security) {
        Set<String> roles = RoleRule.of(method);
        if (roles == null) {
            return true;
        }
        for (String role : roles) {
            if (security.isCallerInRole(role)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEjb(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.isAnnotationPresent(Stateless.class) || c.isAnnotationPresent(Stateful.class)
                    || c.isAnnotationPresent(Singleton.class) || c.isAnnotationPresent(MessageDriven.class)) {
                return true;
            }
        }
        return false;
    }
}
