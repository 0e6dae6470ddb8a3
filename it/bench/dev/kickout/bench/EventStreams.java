package dev.kickout.bench;

import java.io.IOException;
import java.time.Duration;

/** Many idle event streams held by the benchmark's client, and when each first showed a marker. */
interface EventStreams extends AutoCloseable {

    /** The first answer other than 200 (or a stream that ended), or null. */
    String refusal();

    /** Streams answered 200. */
    int held();

    /**
     * Forgets which streams showed a marker and watches for {@code marker} from now on: call it before what sends
     * it, since a stream may show it before {@link #awaitAll} is called.
     */
    void expect(String marker);

    /**
     * Reads until every stream answered 200 has shown the {@linkplain #expect expected} marker or {@code timeout}
     * passed; answers when each did ({@link System#nanoTime()}, 0 for those that did not).
     */
    long[] awaitAll(Duration timeout) throws IOException, InterruptedException;

    @Override
    void close();
}
