package dev.kickout.it.push;

import java.util.ArrayList;
import java.util.List;

/** Percentiles of kick-to-event latencies, as printed figures. */
public final class Latency {

    private Latency() {
    }

    /**
     * @param fromReturn event read minus the admin call's return, in µs (negative: the event came first)
     * @param fromSend   event read minus the admin call's start, in µs
     */
    public static String describe(List<Long> fromReturn, List<Long> fromSend) {
        return String.format("after the admin call returned p50 %.2f ms, p99 %.2f ms; after it was sent p50 %.2f ms,"
                + " p99 %.2f ms", p(fromReturn, 50), p(fromReturn, 99), p(fromSend, 50), p(fromSend, 99));
    }

    /**
     * "At once": the bound a kick-to-event test holds its p99 (after the admin call was sent) to. An event
     * goes out within milliseconds here; two seconds leave room for a pause of a loaded machine and still
     * fail an event that waited for a poll, a timer or a reconnect.
     */
    public static final double AT_ONCE_MS = 2_000;

    /** The percentile of latencies in µs, in milliseconds. */
    public static double percentileMillis(List<Long> micros, int percentile) {
        return p(micros, percentile);
    }

    private static double p(List<Long> micros, int percentile) {
        List<Long> sorted = new ArrayList<>(micros);
        sorted.sort(null);
        int index = Math.min(sorted.size() - 1, (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1);
        return sorted.get(Math.max(0, index)) / 1000.0;
    }
}
