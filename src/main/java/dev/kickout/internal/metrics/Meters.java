package dev.kickout.internal.metrics;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * One server's metrics registry, behind the few operations the module needs. Names are dotted
 * ({@code kickout.logins}); each registry writes them in its own export format. Tags come as
 * key, value pairs, the same keys for every use of one name.
 */
interface Meters {

    /** Adds {@code amount} (zero registers the counter, so that it is scraped as 0). */
    void count(String name, String description, long amount, String... tags);

    void time(String name, String description, Duration took, String... tags);

    void gauge(String name, String description, Supplier<Number> value, String... tags);

    /** What the deployment log calls this binding. */
    String describe();

    /** At undeployment: drops what the registry would otherwise keep reading (gauges). */
    default void close() {
    }

    /** No registry on this server: every record is dropped. */
    Meters NONE = new Meters() {
        @Override
        public void count(String name, String description, long amount, String... tags) {
        }

        @Override
        public void time(String name, String description, Duration took, String... tags) {
        }

        @Override
        public void gauge(String name, String description, Supplier<Number> value, String... tags) {
        }

        @Override
        public String describe() {
            return "none (neither Micrometer nor MicroProfile Metrics on this server)";
        }
    };
}
