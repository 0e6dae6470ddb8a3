package dev.kickout.it.ops;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.reflect.Field;

/**
 * In a WAR of its own, without the module, for {@code RedeployIT}: {@code GET /classes}, the server's loaded
 * classes after full collections (which unload the classes of every class loader nothing references any more);
 * {@code GET /netty-states}, how many threads of the server hold netty's per-thread state
 * ({@code InternalThreadLocalMap}, whose class is some application's), read from each thread's
 * {@code ThreadLocal} map.
 */
@WebServlet({"/classes", "/netty-states"})
public class ClassCountProbe extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        response.getWriter().print(request.getServletPath().equals("/classes") ? loadedClasses() : nettyStates());
    }

    private static long loadedClasses() {
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
        return loaded;
    }

    private static int nettyStates() {
        try {
            Field threadLocals = Thread.class.getDeclaredField("threadLocals");
            threadLocals.setAccessible(true);
            int found = 0;
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                Object map = threadLocals.get(thread);
                if (map == null) {
                    continue;
                }
                Field table = map.getClass().getDeclaredField("table");
                table.setAccessible(true);
                for (Object entry : (Object[]) table.get(map)) {
                    if (entry instanceof Reference<?>) {
                        Field value = entry.getClass().getDeclaredField("value");
                        value.setAccessible(true);
                        Object state = value.get(entry);
                        if (state != null && state.getClass().getName().equals("io.netty.util.internal.InternalThreadLocalMap")) {
                            found++;
                        }
                    }
                }
            }
            return found;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the probe reads the threads' ThreadLocal maps, which needs java.lang opened", e);
        }
    }
}
