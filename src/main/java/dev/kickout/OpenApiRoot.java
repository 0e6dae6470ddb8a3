package dev.kickout;

import dev.kickout.internal.config.Setting;
import jakarta.ws.rs.Path;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;

/**
 * Puts the module's paths of the OpenAPI document under the REST root as deployed. Both servers build
 * the document from annotations and take the root from {@code @ApplicationPath} ({@value
 * KickoutApplication#DEFAULT_ROOT}), not from a {@code servlet-mapping} in {@code web.xml} (WildFly 39:
 * SmallRye OpenAPI, which also picks one Application's path for the resources of all of them; Payara Micro
 * 6.2025.10: its own scanner, the same). A WAR that moves the root names this filter and the new root:
 * <pre>
 * mp.openapi.filter=dev.kickout.OpenApiRoot
 * kickout.openapi.root=api
 * </pre>
 * Only paths that end with one of the module's own path templates after that default root change; the
 * host's paths, schemas and servers stay as they were. A host with its own filter calls
 * {@link #rootPaths(Paths, String)} from it instead.
 *
 * @since 1.0
 */
public class OpenApiRoot implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        // the deployment's configuration: WildFly builds the document on a thread whose context class loader is not the WAR's
        String root = ConfigProvider.getConfig(OpenApiRoot.class.getClassLoader())
                .getOptionalValue(Setting.OPENAPI_ROOT.key(), String.class).orElse(Setting.OPENAPI_ROOT.defaultValue());
        if (openApi.getPaths() != null) {
            rootPaths(openApi.getPaths(), root);
        }
    }

    /** Moves the module's paths in {@code paths} from the default root to {@code root} (relative to the context root). */
    public static void rootPaths(Paths paths, String root) {
        String scanned = "/" + KickoutApplication.DEFAULT_ROOT;
        String wanted = segment(root);
        Map<String, PathItem> moved = new LinkedHashMap<>();
        for (Map.Entry<String, PathItem> entry : new LinkedHashMap<>(paths.getPathItems()).entrySet()) {
            String path = entry.getKey();
            for (String template : templates()) {
                String prefix = path.endsWith(template) ? path.substring(0, path.length() - template.length()) : null;
                if (prefix != null && prefix.endsWith(scanned)) {
                    paths.removePathItem(path);
                    moved.put(prefix.substring(0, prefix.length() - scanned.length()) + wanted + template, entry.getValue());
                    break;
                }
            }
        }
        moved.forEach(paths::addPathItem);
    }

    /** {@code /auth/login}, {@code /locks/{type}/{id}}, ...: the module's resource paths below its root, longest first. */
    static Set<String> templates() {
        Set<String> templates = new TreeSet<>((a, b) -> a.length() != b.length() ? b.length() - a.length() : a.compareTo(b));
        for (Class<?> resource : KickoutResources.resources()) {
            String base = segment(resource.getAnnotation(Path.class).value());
            templates.add(base);
            for (Method method : resource.getMethods()) {
                Path path = method.getAnnotation(Path.class);
                if (path != null) {
                    templates.add(base + segment(path.value()));
                }
            }
        }
        return templates;
    }

    private static String segment(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? "" : "/" + trimmed;
    }
}
