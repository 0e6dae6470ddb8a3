package dev.kickout;

import dev.kickout.internal.config.Setting;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Paths;

/**
 * The module's part of the OpenAPI document: the problem answers every module operation shares (400, 401,
 * 403 where admin-only or unsafe, 503, each {@code application/problem+json}), added here once instead of
 * on every method, and the module's paths put under the REST root as deployed. Both servers build the
 * document from annotations and take the root from {@code @ApplicationPath} ({@value
 * KickoutApplication#DEFAULT_ROOT}), not from a {@code servlet-mapping} in {@code web.xml} (WildFly 39:
 * SmallRye OpenAPI; Payara Micro 6.2025.10: its own scanner). A WAR that moves the root names the new one:
 * <pre>
 * kickout.openapi.root=api
 * </pre>
 * The module sets {@code mp.openapi.filter=dev.kickout.OpenApiFilter} as a default of the lowest ordinal; a
 * host with a filter of its own calls {@link #filter(OpenAPI)} from it. Only the module's operations change;
 * the host's paths, schemas and servers stay as they were.
 *
 * @since 1.0
 */
public class OpenApiFilter implements OASFilter {

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        filter(openApi);
    }

    /** Adds the shared answers to the module's operations in {@code openApi}, then moves them under the configured root. */
    public static void filter(OpenAPI openApi) {
        // the deployment's configuration: WildFly builds the document on a thread whose context class loader is not the WAR's
        String root = ConfigProvider.getConfig(OpenApiFilter.class.getClassLoader())
                .getOptionalValue(Setting.OPENAPI_ROOT.key(), String.class).orElse(Setting.OPENAPI_ROOT.defaultValue());
        Paths paths = openApi.getPaths();
        if (paths != null) {
            ModuleOperations operations = ModuleOperations.of(KickoutResources.resources(), "/" + KickoutApplication.DEFAULT_ROOT);
            operations.addSharedAnswers(paths);
            operations.moveTo(paths, root);
        }
    }
}
