package dev.kickout.internal.rest;

import dev.kickout.KickoutResources;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.admin.RequiresAdmin;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI statuses of each module operation against what its code can answer, where that is known
 * without running it: every operation 400 (a malformed Accept, bad parameters) and 503 (Redis); every one
 * but login 401; admin operations 403; unsafe methods 403 (CSRF in cookie mode).
 */
class ApiDocTest {

    @Test
    void everyOperationDocumentsTheRefusalsItsCodeCanAnswer() {
        List<String> missing = new ArrayList<>();
        for (Class<?> resource : KickoutResources.resources()) {
            for (Method method : resource.getMethods()) {
                if (!isOperation(method)) {
                    continue;
                }
                Set<String> documented = statuses(method);
                Set<String> needed = new TreeSet<>(Set.of("400", "401", "503"));
                if (resource.isAnnotationPresent(RequiresAdmin.class)) {
                    needed.add("403");
                }
                if (method.isAnnotationPresent(POST.class) || method.isAnnotationPresent(PUT.class)
                        || method.isAnnotationPresent(DELETE.class)) {
                    if (!method.getName().toLowerCase().contains("login")) {
                        needed.add("403");
                    }
                }
                if (!documented.stream().anyMatch(s -> s.startsWith("2"))) {
                    missing.add(resource.getSimpleName() + "." + method.getName() + ": no success status");
                }
                needed.removeAll(documented);
                if (!needed.isEmpty()) {
                    missing.add(resource.getSimpleName() + "." + method.getName() + ": " + needed);
                }
                assertTrue(resource.isAnnotationPresent(Path.class));
            }
        }
        assertTrue(missing.isEmpty(), () -> "undocumented statuses: " + missing);
    }

    static Set<String> statuses(Method method) {
        Set<String> statuses = new TreeSet<>();
        for (AnnotatedElement element : List.of(method, method.getDeclaringClass())) {
            for (APIResponse response : element.getAnnotationsByType(APIResponse.class)) {
                statuses.add(response.responseCode());
            }
        }
        return statuses;
    }

    private static boolean isOperation(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            if (annotation.annotationType().isAnnotationPresent(HttpMethod.class)) {
                return true;
            }
        }
        return false;
    }
}
