package dev.kickout.internal.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.CDI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * Micrometer (WildFly 39's {@code micrometer} subsystem, whose CDI bean is the deployment's
 * {@link MeterRegistry}). Loaded only after {@link MeterBinding} found Micrometer's classes.
 *
 * <p>WildFly 39 quirk: its deployment registry ({@code ApplicationRegistry}) hands only the short
 * forms ({@code counter(name, tags)}, {@code timer}, {@code gauge}) to the server's registries; a meter
 * registered through a builder stays in the wrapper and is never exported, and every call of
 * {@code config()} logs WFLYMMTREXT0015. So: short forms only, hence no descriptions and no
 * Micrometer histogram buckets here (the facade publishes its own, see {@link Metrics#scriptRan}).
 */
final class MicrometerMeters implements Meters {

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final List<Gauge> gauges = new CopyOnWriteArrayList<>();

    private MicrometerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** The deployment's registry, if the server's CDI offers one. */
    static Optional<Meters> lookUp() {
        Instance<MeterRegistry> registry = CDI.current().select(MeterRegistry.class);
        return registry.isResolvable() ? Optional.of(new MicrometerMeters(registry.get())) : Optional.empty();
    }

    @Override
    public void count(String name, String description, long amount, String... tags) {
        counters.computeIfAbsent(key(name, tags), k -> registry.counter(name, tags)).increment(amount);
    }

    @Override
    public void time(String name, String description, Duration took, String... tags) {
        timers.computeIfAbsent(key(name, tags), k -> registry.timer(name, tags)).record(took);
    }

    @Override
    public void gauge(String name, String description, Supplier<Number> value, String... tags) {
        // A gauge of the same name and tags registered by an earlier deployment of this WAR (WildFly keeps a
        // deployment's meters by its name) would be handed back instead of a new one, reading that
        // deployment's dead source as NaN: remove it first. The registry holds the supplier weakly: the
        // facade keeps it (Metrics#gauges).
        registry.find(name).tags(tags).gauges().forEach(registry::remove);
        registry.gauge(name, Tags.of(tags), value, supplier -> supplier.get().doubleValue());
        Gauge registered = registry.find(name).tags(tags).gauge();
        if (registered != null) {
            gauges.add(registered);
        }
    }

    /** At undeployment: this deployment's gauges go, so none reads a source that is gone. */
    @Override
    public void close() {
        gauges.forEach(registry::remove);
        gauges.clear();
    }

    @Override
    public String describe() {
        return "Micrometer (" + registry.getClass().getSimpleName() + ")";
    }

    static String key(String name, String... tags) {
        return name + '|' + String.join("|", tags);
    }
}
