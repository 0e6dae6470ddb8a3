package dev.kickout.internal.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;

/**
 * Which of {@code @RolesAllowed}, {@code @PermitAll}, {@code @DenyAll} rules a method, by the Jakarta
 * Annotations rules: the method's own annotation wins over its class's (a {@code @RolesAllowed} or
 * {@code @PermitAll} method in a {@code @DenyAll} class is callable as it says); a class's annotation
 * applies to the methods it declares, and a class without one follows its superclass's.
 */
final class RoleRule {

    private RoleRule() {
    }

    /** The roles any one of which may call {@code method}: empty when nobody may, null when everybody may. */
    static Set<String> of(Method method) {
        AnnotatedElement ruling = declares(method) ? method : null;
        for (Class<?> c = method.getDeclaringClass(); ruling == null && c != null && c != Object.class; c = c.getSuperclass()) {
            ruling = declares(c) ? c : null;
        }
        if (ruling == null || ruling.isAnnotationPresent(PermitAll.class) && !ruling.isAnnotationPresent(DenyAll.class)) {
            return null;
        }
        RolesAllowed roles = ruling.getAnnotation(RolesAllowed.class);
        return ruling.isAnnotationPresent(DenyAll.class) || roles == null ? Set.of() : Set.copyOf(Arrays.asList(roles.value()));
    }

    private static boolean declares(AnnotatedElement element) {
        return element.isAnnotationPresent(DenyAll.class) || element.isAnnotationPresent(PermitAll.class)
                || element.isAnnotationPresent(RolesAllowed.class);
    }
}
