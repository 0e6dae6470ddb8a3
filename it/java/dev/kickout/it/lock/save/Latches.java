package dev.kickout.it.lock.save;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Test-only: lets a test hold a save inside its method (after its write, before its commit) and let it go. */
@ApplicationScoped
public class Latches {

    private final Map<String, CountDownLatch> entered = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> released = new ConcurrentHashMap<>();

    /** Called by the save: says it is inside, then waits (bounded) until the test lets it go. */
    void holdHere(String key) throws InterruptedException {
        latch(entered, key).countDown();
        if (!latch(released, key).await(120, TimeUnit.SECONDS)) {
            throw new IllegalStateException("The test never let save " + key + " go");
        }
    }

    boolean entered(String key) {
        return latch(entered, key).getCount() == 0;
    }

    void letGo(String key) {
        latch(released, key).countDown();
    }

    private static CountDownLatch latch(Map<String, CountDownLatch> latches, String key) {
        return latches.computeIfAbsent(key, k -> new CountDownLatch(1));
    }
}
