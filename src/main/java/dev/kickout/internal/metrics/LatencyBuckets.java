package dev.kickout.internal.metrics;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Cumulative counts of one script's durations at fixed bounds (1 ms to 1 s, and +Inf), published as
 * one gauge per bound with an {@code le} label: Prometheus' {@code histogram_quantile} reads them as
 * it reads a histogram's buckets. Ours because neither server's registry gives a portable one:
 * WildFly's deployment registry takes no bucket configuration, Payara's MP Metrics timer is a summary.
 */
final class LatencyBuckets {

    static final double[] BOUNDS_SECONDS = {0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0};

    private final LongAdder[] counts = new LongAdder[BOUNDS_SECONDS.length + 1];

    LatencyBuckets() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    void record(Duration took) {
        double seconds = took.toNanos() / 1e9;
        int bucket = 0;
        while (bucket < BOUNDS_SECONDS.length && seconds > BOUNDS_SECONDS[bucket]) {
            bucket++;
        }
        counts[bucket].increment();
    }

    /** Durations up to bucket {@code index}'s bound ({@code BOUNDS_SECONDS.length} = +Inf), cumulative. */
    long cumulative(int index) {
        long sum = 0;
        for (int i = 0; i <= index; i++) {
            sum += counts[i].sum();
        }
        return sum;
    }

    /** The {@code le} label of bucket {@code index}. */
    static String label(int index) {
        return index == BOUNDS_SECONDS.length ? "+Inf" : Double.toString(BOUNDS_SECONDS[index]);
    }
}
