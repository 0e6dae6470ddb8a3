package dev.kickout;

import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The module's operations as the servers put them in the OpenAPI document (under the scanned root), found
 * from its resource classes: what {@link OpenApiFilter} adds to each and where it moves them.
 */
final class ModuleOperations {

    /** One operation: its path below the module's root, its verb and the method that serves it. */
    record Operation(String template, PathItem.HttpMethod verb, Method method) {

        /**
         * The problem answers this operation shares with the others: 400 always, 401 unless it needs no
         * session, 403 for admins only or for an unsafe method (cookie mode's CSRF check), 503 always.
         */
        Map<String, String> shared() {
            boolean anonymous = method.isAnnotationPresent(ApiDoc.Anonymous.class);
            boolean unsafe = verb != PathItem.HttpMethod.GET && verb != PathItem.HttpMethod.HEAD;
            Map<String, String> shared = new LinkedHashMap<>();
            shared.put("400", ApiDoc.BAD_REQUEST);
            if (!anonymous) {
                shared.put("401", ApiDoc.UNAUTHORIZED);
            }
            if (method.getDeclaringClass().isAnnotationPresent(RequiresAdmin.class)) {
                shared.put("403", ApiDoc.ADMIN_ONLY);
            } else if (unsafe && !anonymous) {
                shared.put("403", ApiDoc.CSRF_REJECTED);
            }
            shared.put("503", ApiDoc.UNAVAILABLE);
            return shared;
        }
    }

    private final List<Operation> operations;
    private final String scannedRoot;

    private ModuleOperations(List<Operation> operations, String scannedRoot) {
        this.operations = operations;
        this.scannedRoot = scannedRoot;
    }

    /** The operations of {@code resources}, longest path first (so that a path matches its own operation). */
    static ModuleOperations of(Set<Class<?>> resources, String scannedRoot) {
        List<Operation> operations = new ArrayList<>();
        for (Class<?> resource : resources) {
            String base = segment(resource.getAnnotation(Path.class).value());
            for (Method method : resource.getMethods()) {
                PathItem.HttpMethod verb = verb(method);
                if (verb != null) {
                    Path path = method.getAnnotation(Path.class);
                    operations.add(new Operation(base + (path == null ? "" : segment(path.value())), verb, method));
                }
            }
        }
        operations.sort(Comparator.comparingInt((Operation operation) -> -operation.template().length())
                .thenComparing(Operation::template));
        return new ModuleOperations(List.copyOf(operations), scannedRoot);
    }

    List<Operation> operations() {
        return operations;
    }

    /** Gives each module operation in {@code paths} its shared answers, and every problem answer its media type. */
    void addSharedAnswers(Paths paths) {
        paths.getPathItems().forEach((path, item) -> {
            for (Operation operation : operations) {
                org.eclipse.microprofile.openapi.models.Operation documented = item.getOperations().get(operation.verb());
                if (documented != null && path.endsWith(scannedRoot + operation.template())) {
                    if (documented.getResponses() == null) {
                        documented.setResponses(OASFactory.createAPIResponses());
                    }
                    addShared(documented.getResponses(), operation.shared());
                }
            }
        });
    }

    /** Moves the module's paths in {@code paths} from the scanned root to {@code root} (relative to the context root). */
    void moveTo(Paths paths, String root) {
        String wanted = segment(root);
        Map<String, PathItem> moved = new LinkedHashMap<>();
        for (Map.Entry<String, PathItem> entry : new LinkedHashMap<>(paths.getPathItems()).entrySet()) {
            String path = entry.getKey();
            for (Operation operation : operations) {
                String template = operation.template();
                String prefix = path.endsWith(template) ? path.substring(0, path.length() - template.length()) : null;
                if (prefix != null && prefix.endsWith(scannedRoot)) {
                    paths.removePathItem(path);
                    moved.put(prefix.substring(0, prefix.length() - scannedRoot.length()) + wanted + template, entry.getValue());
                    break;
                }
            }
        }
        moved.forEach(paths::addPathItem);
    }

    private static void addShared(APIResponses responses, Map<String, String> shared) {
        shared.forEach((status, text) -> {
            APIResponse response = responses.getAPIResponse(status);
            if (response == null) {
                responses.addAPIResponse(status, OASFactory.createAPIResponse().description(text));
            } else if (response.getDescription() == null || response.getDescription().isBlank()) {
                response.setDescription(text);
            } else if (!response.getDescription().contains(text)) {
                response.setDescription(response.getDescription() + "; or " + text);
            }
        });
        responses.getAPIResponses().forEach((status, response) -> {
            if ((status.startsWith("4") || status.startsWith("5"))
                    && (response.getContent() == null || response.getContent().getMediaType(ApiDoc.PROBLEM) == null)) {
                if (response.getContent() == null) {
                    response.setContent(OASFactory.createContent());
                }
                response.getContent().addMediaType(ApiDoc.PROBLEM,
                        OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ApiDoc.PROBLEM_SCHEMA)));
            }
        });
    }

    private static PathItem.HttpMethod verb(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return PathItem.HttpMethod.valueOf(http.value());
            }
        }
        return null;
    }

    private static String segment(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? "" : "/" + trimmed;
    }
}
