package dev.kickout.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.KickoutResources;
import jakarta.enterprise.context.RequestScoped;
import jakarta.interceptor.InterceptorBinding;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The admin check cannot be left out: every admin resource is a CDI bean that {@link AdminCheck} intercepts. */
class AdminResourcesTest {

    @Test
    void requiresAdminBindsTheFilterAndTheInterceptor() {
        assertTrue(RequiresAdmin.class.isAnnotationPresent(NameBinding.class));
        assertTrue(RequiresAdmin.class.isAnnotationPresent(InterceptorBinding.class));
        assertTrue(AdminCheck.class.isAnnotationPresent(RequiresAdmin.class));
    }

    @Test
    void everyAdminResourceIsMarkedAndABean() {
        Set<String> admin = new TreeSet<>();
        for (Class<?> resource : KickoutResources.resources()) {
            if (resource.getAnnotation(Path.class).value().startsWith("admin")) {
                admin.add(resource.getSimpleName());
                assertTrue(resource.isAnnotationPresent(RequiresAdmin.class), resource::getName);
                assertTrue(resource.isAnnotationPresent(RequestScoped.class), resource.getName() + " must be a CDI bean");
            }
        }
        assertEquals(Set.of("AdminBansResource", "AdminLocksResource", "AdminQueuesResource", "AdminSessionsResource", "AuditResource", "StreamsResource"), admin);
    }
}
