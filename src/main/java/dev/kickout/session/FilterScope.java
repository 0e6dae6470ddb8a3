package dev.kickout.session;

import dev.kickout.config.KickoutConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which requests the token filter looks at: by default the module's real REST root, read from the
 * servlet registration of {@code dev.kickout.rest.KickoutApplication} (its {@code @ApplicationPath}, or
 * the host's {@code web.xml} mapping), so moving the root needs no second setting; the
 * {@code kickout.filter.*} settings override it. CORS preflights are never guarded: a browser sends
 * them without credentials, and answering 401 would fail the real request before it is sent.
 */
final class FilterScope {

    static final String APPLICATION = "dev.kickout.rest.KickoutApplication";
    private static final String DEFAULT_ROOT = "/kickout/api";

    private FilterScope() {
    }

    static PathRules rules(KickoutConfig config, ServletContext context) {
        List<String> roots = roots(context);
        List<String> include = config.filterInclude().isEmpty()
                ? roots.stream().map(root -> root + "/*").toList() : config.filterInclude();
        List<String> exclude = config.filterExclude().isEmpty()
                ? roots.stream().flatMap(root -> List.of(root + "/auth/login", root + "/events").stream()).toList()
                : config.filterExclude();
        return new PathRules(include, exclude);
    }

    /** The module's REST roots, e.g. {@code /api} for a mapping {@code /api/*}. */
    static List<String> roots(ServletContext context) {
        ServletRegistration registration = context.getServletRegistration(APPLICATION);
        Collection<String> mappings = registration == null ? List.of() : registration.getMappings();
        List<String> roots = new ArrayList<>();
        for (String mapping : mappings) {
            if (mapping.endsWith("/*") && mapping.length() > 2) {
                roots.add(mapping.substring(0, mapping.length() - 2));
            }
        }
        return roots.isEmpty() ? List.of(DEFAULT_ROOT) : roots;
    }

    /** A CORS preflight: {@code OPTIONS} with {@code Origin} and {@code Access-Control-Request-Method}. */
    static boolean preflight(HttpServletRequest request) {
        return "OPTIONS".equals(request.getMethod()) && request.getHeader("Origin") != null
                && request.getHeader("Access-Control-Request-Method") != null;
    }
}
