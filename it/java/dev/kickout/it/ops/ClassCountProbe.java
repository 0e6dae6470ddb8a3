package dev.kickout.it.ops;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * {@code GET /classes}: the server's loaded classes after full collections, which unload the classes of
 * every class loader nothing references any more. In a WAR of its own, without the module, for
 * {@code RedeployIT}.
 */
@WebServlet("/classes")
public class ClassCountProbe extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long loaded = -1;
        // collections until the count holds still: an unloaded class loader may free another's on the next one
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
            if (now == loaded) {
                break;
            }
            loaded = now;
        }
        response.setContentType("text/plain");
        response.getWriter().print(loaded);
    }
}
