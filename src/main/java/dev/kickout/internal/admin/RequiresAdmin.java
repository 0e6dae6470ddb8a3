package dev.kickout.internal.admin;

import jakarta.interceptor.InterceptorBinding;
import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks what only {@code kickout.admin.role} may call. Checked twice, so that no way of registering the
 * module's resources leaves it out: as a JAX-RS name binding ({@link AdminOnly}, before the body is read)
 * where the module's providers are registered, and always as a CDI interceptor binding ({@link AdminCheck})
 * on the bean's methods, which needs no provider at all. A marked class must be a CDI bean
 * ({@code @RequestScoped} for a resource).
 */
@NameBinding
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RequiresAdmin {
}
