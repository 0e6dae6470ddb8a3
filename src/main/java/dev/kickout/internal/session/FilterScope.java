package dev.kickout.internal.session;

import dev.kickout.internal.config.KickoutConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Which requests the token filter guards. The module's own endpoints, those its servlet
 * ({@code dev.kickout.KickoutApplication}, mapped by its {@code @ApplicationPath} or the host's
 * {@code web.xml}) serves, are always guarded, except the
 * login and the event stream, which authenticate themselves. {@code kickout.filter.include} and
 * {@code .exclude} describe the host's own paths only: nothing a host sets guards or un-guards the
 * module's. CORS preflights are never guarded: a browser sends them without credentials, and
 * answering 401 would fail the real request before it is sent.
 */
final class FilterScope {

    static final String APPLICATION = "dev.kickout.KickoutApplication";
    private static final String DEFAULT_ROOT = "/kickout/api";

    private FilterScope() {
    }

    /** The paths the filter guards. */
    record Scope(List<String> roots, PathRules module, PathRules host) {

        boolean guards(HttpServletRequest request, String path) {
            return module(request, path) ? module.guards(path) : host.guards(path);
        }

        /**
         * A request for the module's own endpoints: one its servlet serves (a host application mapped
         * below the module's root, as {@code /api/app/*} below {@code /api/*}, is the host's), or, where
         * the container names no servlet, a path under the module's REST root.
         */
        boolean module(HttpServletRequest request, String path) {
            HttpServletMapping mapping = request.getHttpServletMapping();
            if (mapping != null && mapping.getServletName() != null && !mapping.getServletName().isEmpty()) {
                return mapping.getServletName().equals(APPLICATION);
            }
            for (String root : roots) {
                if (path.equals(root) || path.startsWith(root + "/")) {
                    return true;
                }
            }
            return false;
        }
    }

    static Scope rules(KickoutConfig config, ServletContext context) {
        List<String> roots = roots(context);
        PathRules module = new PathRules(roots.stream().map(root -> root + "/*").toList(),
                roots.stream().flatMap(root -> List.of(root + "/auth/login", root + "/events").stream()).toList());
        // empty: the host's own applications mapped below the module's root (as /api/app/* below /api/*)
        List<String> include = config.filterInclude().isEmpty()
                ? roots.stream().map(root -> root + "/*").toList() : config.filterInclude();
        return new Scope(roots, module, new PathRules(include, config.filterExclude()));
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
