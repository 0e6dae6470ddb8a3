package dev.kickout.internal.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyBucketsTest {

    @Test
    void eachDurationCountsInTheFirstBucketAtOrAboveItAndInEveryLaterOne() {
        LatencyBuckets buckets = new LatencyBuckets();
        buckets.record(Duration.ofNanos(500_000));   // 0.5 ms -> le 0.001
        buckets.record(Duration.ofMillis(1));        // exactly a bound -> le 0.001
        buckets.record(Duration.ofMillis(3));        // -> le 0.005
        buckets.record(Duration.ofMillis(999));      // -> le 1.0
        buckets.record(Duration.ofSeconds(7));       // -> +Inf only

        long[] expected = {2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 5};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], buckets.cumulative(i), "le=" + LatencyBuckets.label(i));
        }
    }

    @Test
    void labelsAreTheBoundsInSecondsThenInf() {
        assertEquals("0.001", LatencyBuckets.label(0));
        assertEquals("1.0", LatencyBuckets.label(LatencyBuckets.BOUNDS_SECONDS.length - 1));
        assertEquals("+Inf", LatencyBuckets.label(LatencyBuckets.BOUNDS_SECONDS.length));
    }
}
