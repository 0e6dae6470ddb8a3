package dev.kickout.internal.redis;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;

/**
 * What a Redis call leaves on the calling thread: Redisson's netty keeps its per-thread state (buffer
 * caches and the like, {@code InternalThreadLocalMap}) in a {@code ThreadLocal} whose value holds the
 * application's class loader. The container's threads (request threads, its managed executors, EJB
 * timers) outlive the application, so each one that ever called Redis would keep every undeployed
 * version of the application in memory, several megabytes of heap and more of Metaspace each time.
 * Every task the module gives a container thread, and every request, ends by removing that state.
 */
public final class ContainerThreads {

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

    /** Ends every request by {@link #release()} (declared in the module's {@code web-fragment.xml}). */
    public static class AtRequestEnd implements ServletRequestListener {

        @Override
        public void requestDestroyed(ServletRequestEvent event) {
            release();
        }
    }
}
