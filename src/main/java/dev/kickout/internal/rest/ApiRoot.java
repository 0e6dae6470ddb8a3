package dev.kickout.internal.rest;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;

/**
 * Where the module's REST root is in this deployment, for the browser: {@code GET
 * <context>/kickout/api-root} answers {@code {"apiRoot":"<context>/kickout/api/"}} (or wherever a
 * {@code servlet-mapping} of {@code KickoutApplication} moved it). Beside the scripts the module jar
 * serves ({@code <context>/kickout/kickout-client.js}), so the client finds it from its own URL
 * whatever the host's context path and mapping. The Faces component renders the same root.
 */
@WebServlet(urlPatterns = ApiRoot.PATH)
public class ApiRoot extends HttpServlet {

    /** Where this answers, relative to the context root. */
    public static final String PATH = "/kickout/api-root";

    /** The REST root without a mapping in {@code web.xml}, relative to the context root. */
    public static final String DEFAULT_ROOT = "kickout/api";

    /** The servlet name of the module's Application ({@code dev.kickout.KickoutApplication}), which a web.xml maps. */
    public static final String APPLICATION = "dev.kickout.KickoutApplication";

    /**
     * The module's REST root as a path from the server's root, ending in {@code /}: the first
     * {@code /x/*} mapping of {@code KickoutApplication}, else its default ({@code /kickout/api/}).
     */
    public static String of(ServletContext context) {
        ServletRegistration registration = context.getServletRegistration(APPLICATION);
        Collection<String> mappings = registration == null ? List.of() : registration.getMappings();
        String root = mappings.stream().filter(m -> m.endsWith("/*") && m.length() > 2).sorted().findFirst()
                .map(m -> m.substring(0, m.length() - 1)).orElse("/" + DEFAULT_ROOT + "/");
        return context.getContextPath() + root;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-cache");
        // a context path and a servlet mapping hold no quote or backslash, but escape them all the same
        String root = of(getServletContext()).replace("\\", "\\\\").replace("\"", "\\\"");
        response.getWriter().write("{\"apiRoot\":\"" + root + "\"}");
    }
}
