package dev.kickout.internal.redis;

import dev.kickout.internal.LogId;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import io.netty.util.internal.InternalThreadLocalMap;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import java.lang.ref.Reference;
import java.lang.reflect.Field;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a Redis call leaves on the calling thread: Redisson's netty keeps its per-thread state (buffer
 * caches and the like, {@code InternalThreadLocalMap}) in a {@code ThreadLocal} whose value holds the
 * application's class loader. The container's threads (request threads, its managed executors, EJB
 * timers) outlive the application, so each one that ever called Redis would keep every undeployed
 * version of the application in memory, several megabytes of heap and more of Metaspace each time.
 * Every task the module gives a container thread, and every request, ends by removing that state; at
 * undeploy, what calls on the server's own threads left (the application's start and stop run there) is cut
 * loose ({@link #forgetEverywhere}).
 */
public final class ContainerThreads {

    private static final Logger LOG = Logger.getLogger(ContainerThreads.class.getName());

    private ContainerThreads() {
    }

    /** Removes netty's state from the current thread, unless the thread is netty's own (which cleans up itself). */
    public static void release() {
        if (!(Thread.currentThread() instanceof FastThreadLocalThread)) {
            FastThreadLocal.removeAll();
        }
    }

    /** {@code task}, followed by {@link #release()}: for every task handed to a container executor. */
    public static Runnable releasing(Runnable task) {
        return () -> {
            try {
                task.run();
            } finally {
                release();
            }
        };
    }

    /**
     * At undeploy, on every thread of the JVM: netty's state of this application becomes unreachable, so that
     * nothing on the server's threads keeps the application's classes. Each such state is one entry of the
     * thread's {@code ThreadLocal} map, keyed by a {@code ThreadLocal} of this application's netty; its value
     * is set to null, a single write that leaves the map's structure alone (the thread itself later drops the
     * entry, its key gone). Needs {@code java.lang} opened to applications, as WildFly and Payara start their
     * JVMs; without it the states stay and {@code KICKOUT-1011} says so.
     */
    public static void forgetEverywhere() {
        try {
            Field key = InternalThreadLocalMap.class.getDeclaredField("slowThreadLocalMap");
            key.setAccessible(true);
            Object nettys = key.get(null);
            Field threadLocals = Thread.class.getDeclaredField("threadLocals");
            threadLocals.setAccessible(true);
            Field table = null;
            Field value = null;
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                Object map = threadLocals.get(thread);
                if (map == null) {
                    continue;
                }
                if (table == null) {
                    table = map.getClass().getDeclaredField("table");
                    table.setAccessible(true);
                }
                for (Object entry : (Object[]) table.get(map)) {
                    if (entry instanceof Reference<?> reference && reference.get() == nettys) {
                        if (value == null) {
                            value = entry.getClass().getDeclaredField("value");
                            value.setAccessible(true);
                        }
                        value.set(entry, null);
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.FINE, LogId.REDIS_THREAD_STATE_KEPT.message("the state Redis calls left on the server's"
                    + " threads stays: the server keeps this application's classes"), e);
        }
    }

    /** Ends every request by {@link #release()} (declared in the module's {@code web-fragment.xml}). */
    public static class AtRequestEnd implements ServletRequestListener {

        @Override
        public void requestDestroyed(ServletRequestEvent event) {
            release();
        }
    }
}
