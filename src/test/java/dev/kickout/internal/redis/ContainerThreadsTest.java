package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocalThread;
import io.netty.util.internal.InternalThreadLocalMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A task on a container thread leaves none of netty's thread state behind; netty's own threads keep theirs. */
class ContainerThreadsTest {

    /** What a Redis call does on the caller's thread: encodes into a pooled buffer, which caches per thread. */
    private static final Runnable USE_NETTY = () -> PooledByteBufAllocator.DEFAULT.buffer(64).writeLong(1).release();

    @Test
    void aReleasingTaskLeavesNoNettyStateOnItsThread() throws InterruptedException {
        assertNotNull(stateAfter(USE_NETTY, false), "the control: netty keeps state on a plain thread");
        assertNull(stateAfter(ContainerThreads.releasing(USE_NETTY), false));
    }

    @Test
    void aReleasingTaskFailingStillReleases() throws InterruptedException {
        Runnable failing = () -> {
            USE_NETTY.run();
            throw new IllegalStateException("the task failed");
        };
        assertNull(stateAfter(ContainerThreads.releasing(failing), false));
    }

    @Test
    void nettysOwnThreadsAreLeftAlone() throws InterruptedException {
        assertNotNull(stateAfter(ContainerThreads.releasing(USE_NETTY), true));
    }

    /** Runs {@code task} on a new thread (a plain one, or one of netty's) and answers netty's state on it right after. */
    private static InternalThreadLocalMap stateAfter(Runnable task, boolean nettysThread) throws InterruptedException {
        AtomicReference<InternalThreadLocalMap> left = new AtomicReference<>();
        Runnable body = () -> {
            try {
                task.run();
            } finally {
                left.set(InternalThreadLocalMap.getIfSet());
            }
        };
        Thread thread = nettysThread ? new FastThreadLocalThread(body) : new Thread(body);
        thread.setUncaughtExceptionHandler((t, e) -> { });
        thread.start();
        thread.join();
        return left.get();
    }
}
