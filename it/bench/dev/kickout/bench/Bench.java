package dev.kickout.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs an operation from several threads for a fixed time and reports operations per second. */
final class Bench {

    private Bench() {
    }

    interface Op {
        void run(int thread) throws Exception;
    }

    static double opsPerSecond(int threads, long millis, Op op) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long start = System.nanoTime();
        List<Future<Long>> counts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            counts.add(pool.submit(() -> {
                long done = 0;
                while (System.nanoTime() < end) {
                    op.run(thread);
                    done++;
                }
                return done;
            }));
        }
        long total = 0;
        for (Future<Long> count : counts) {
            total += count.get();
        }
        pool.shutdown();
        return total / ((System.nanoTime() - start) / 1e9);
    }
}
