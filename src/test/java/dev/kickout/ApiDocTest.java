package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI statuses of each module operation against what its code can answer, where that is known
 * without running it: every operation 400 (a malformed Accept, bad parameters) and 503 (Redis); every one
 * but signing in 401; admin operations 403; unsafe methods 403 (CSRF in cookie mode). The shared ones come
 * from {@link OpenApiFilter} ({@link ModuleOperations.Operation#shared()}); an operation's own annotations
 * add its success and its own refusals, and never repeat a shared one.
 */
class ApiDocTest {

    private static final Set<String> SHARED_TEXTS = Set.of(ApiDoc.BAD_REQUEST, ApiDoc.UNAUTHORIZED, ApiDoc.CSRF_REJECTED,
            ApiDoc.ADMIN_ONLY, ApiDoc.UNAVAILABLE);

    @Test
    void everyOperationDocumentsTheRefusalsItsCodeCanAnswer() {
        List<String> missing = new ArrayList<>();
        List<ModuleOperations.Operation> operations = ModuleOperations.of(KickoutResources.resources(), "/kickout/api").operations();
        for (ModuleOperations.Operation operation : operations) {
            Method method = operation.method();
            String name = method.getDeclaringClass().getSimpleName() + "." + method.getName();
            Set<String> documented = new TreeSet<>(operation.shared().keySet());
            for (APIResponse response : method.getAnnotationsByType(APIResponse.class)) {
                documented.add(response.responseCode());
                if (SHARED_TEXTS.stream().anyMatch(response.description()::contains)) {
                    missing.add(name + " repeats a shared answer in " + response.responseCode());
                }
            }
            boolean signIn = method.getName().toLowerCase().contains("login");
            Set<String> needed = new TreeSet<>(Set.of("400", "503"));
            if (!signIn) {
                needed.add("401");
            }
            if (method.getDeclaringClass().isAnnotationPresent(RequiresAdmin.class)
                    || operation.verb() != PathItem.HttpMethod.GET && !signIn) {
                needed.add("403");
            }
            if (documented.stream().noneMatch(status -> status.startsWith("2"))) {
                missing.add(name + ": no success status");
            }
            needed.removeAll(documented);
            if (!needed.isEmpty()) {
                missing.add(name + ": " + needed);
            }
        }
        assertTrue(operations.size() > 20, () -> "too few operations found: " + operations.size());
        assertEquals(List.of(), missing, "undocumented or repeated statuses");
    }

    @Test
    void onlySigningInNeedsNoSession() {
        List<String> anonymous = ModuleOperations.of(KickoutResources.resources(), "/kickout/api").operations().stream()
                .filter(operation -> !operation.shared().containsKey("401"))
                .map(operation -> operation.verb() + " " + operation.template() + " " + operation.method().getName())
                .sorted().toList();
        assertEquals(List.of("POST /auth/login formLogin", "POST /auth/login login"), anonymous);
    }
}
